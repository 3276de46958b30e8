/**
 * Transport details against a real Streamable HTTP server: the per-server log level
 * (logging/setLevel, changed without a restart), a new session when the server forgot the old
 * one (HTTP 404), and pings that show a server which stops answering, and answers again.
 * (Resumption after a dropped stream, honouring the SSE `retry` field and sending Last-Event-ID,
 * is proved by the conformance suite's sse-retry scenario.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestManager, eventually } from '../support/managerHarness';
import {
  LEVELS,
  startStallingServer,
  type StallingServer,
} from '../fixtures/transport/stallingServer';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const server: StallingServer = await startStallingServer();
  cleanups.push(() => server.close());
  const harness = createTestManager({
    timing: { restartBaseMs: 100, pingIntervalMs: 100, pingTimeoutMs: 2_000 },
  });
  cleanups.push(() => harness.manager.dispose());
  return { server, harness };
}

const mcpLevels = (entries: { source: string; level: string }[]) =>
  entries.filter((entry) => entry.source === 'mcp').map((entry) => entry.level);

describe('remote server transport', () => {
  it('sets the server’s log level from its config, and changes it without a restart', async () => {
    const { server, harness } = await setup();
    const config = {
      name: 'remote',
      transport: { type: 'http' as const, url: server.url, protocol: 'streamable-http' as const },
      logLevel: 'warning' as const,
    };
    const saved = await harness.manager.save(config);
    expect(saved.status.state).toBe('ready');
    expect(server.levelsSet).toEqual(['warning']);
    // Set while the lists load, not one more round trip after them.
    expect(await server.levelSetWhileListing()).toBe(true);

    const called = await harness.manager.callTool('remote', 'log_every_level', {});
    expect(called.ok).toBe(true);
    const atWarning = LEVELS.slice(LEVELS.indexOf('warning'));
    await eventually(() => mcpLevels(harness.manager.logs('remote')).length >= atWarning.length);
    expect(mcpLevels(harness.manager.logs('remote'))).toEqual(atWarning);

    const restartsBefore = saved.status.restarts;
    const changed = await harness.manager.save({ ...config, logLevel: 'debug' }, 'remote');
    expect(changed.status).toMatchObject({ state: 'ready', restarts: restartsBefore });
    expect(server.levelsSet).toEqual(['warning', 'debug']);
    await harness.manager.callTool('remote', 'log_every_level', {});
    await eventually(
      () => mcpLevels(harness.manager.logs('remote')).length >= atWarning.length + LEVELS.length,
    );
    expect(mcpLevels(harness.manager.logs('remote')).slice(atWarning.length)).toEqual(LEVELS);
  });

  it('starts a new session when the server no longer knows its session (HTTP 404)', async () => {
    const { server, harness } = await setup();
    const saved = await harness.manager.save({
      name: 'remote',
      transport: { type: 'http', url: server.url, protocol: 'streamable-http' },
    });
    expect(saved.status.state).toBe('ready');
    expect(server.sessions()).toBe(1);

    await server.forgetSession();
    // The next request (a call or a ping) gets 404, and Hearth initializes again.
    await harness.manager.callTool('remote', 'log_every_level', {});
    await eventually(
      () => server.sessions() === 2 && harness.manager.list()[0]?.status.state === 'ready',
    );
    const again = await harness.manager.callTool('remote', 'log_every_level', {});
    expect(again.ok).toBe(true);
    expect(
      harness.manager
        .logs('remote')
        .some((entry) => entry.text.includes('ended the session (HTTP 404)')),
    ).toBe(true);
  });

  it('shows a server that stops answering pings, and that it answers again', async () => {
    const { server, harness } = await setup();
    await harness.manager.save({
      name: 'remote',
      transport: { type: 'http', url: server.url, protocol: 'streamable-http' },
    });
    const status = () => harness.manager.list()[0]?.status;
    expect(status()?.state).toBe('ready');

    server.stall();
    await eventually(() => /stopped answering/.test(status()?.error ?? ''));
    expect(status()?.state).toBe('ready');
    expect(
      harness.manager.logs('remote').some((entry) => /stopped answering/.test(entry.text)),
    ).toBe(true);

    server.recover();
    await eventually(() => status()?.error === undefined);
    expect(
      harness.manager.logs('remote').some((entry) => entry.text === 'The server answers again.'),
    ).toBe(true);
  });
});
