import { afterEach, describe, expect, it } from 'vitest';
import { fixtureCommand } from '../support/mcpFixtures';
import { startTestHost, type TestHost } from '../support/testHost';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.core.dispose();
  await host?.close();
  host = undefined;
});

const stateOf = (test: TestHost) =>
  test.core.mcp.list().find((entry) => entry.config.name === 'fixture')?.status;

describe('starting the core', () => {
  it('starts the enabled servers once the first page is up, not before', async () => {
    host = await startTestHost();
    const { mcp } = host.core;
    const command = fixtureCommand();
    await mcp.save({
      name: 'fixture',
      enabled: false,
      transport: { type: 'stdio', command: command.command, args: command.args },
    });
    await mcp.approveLaunch('fixture', mcp.reviewLaunch('fixture').fingerprint);
    await mcp.stop('fixture');
    expect(stateOf(host)?.state).toBe('stopped');

    let pageUp: () => void = () => undefined;
    const started = host.core.start(new Promise<void>((resolve) => (pageUp = resolve)));
    // Long enough for the login shell's PATH to be read: the server still waits for the page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stateOf(host)?.state).toBe('stopped');
    pageUp();
    await started;
    expect(stateOf(host)?.state).toBe('ready');
  });
});
