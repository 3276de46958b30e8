import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../preload/api';
import type { WebSocketTransport } from '../../renderer/src/bridge/webSocketTransport';
import { everythingStdio } from '../support/mcpFixtures';
import { connectRenderer } from '../support/rendererBridge';
import { startTestHost, type TestHost } from '../support/testHost';

// Elicitation against the real everything server: its tools ask Hearth's user for information,
// and the answer given through the bridge reaches the server.
let host: TestHost | undefined;
let transport: WebSocketTransport | undefined;
afterEach(async () => {
  transport?.close();
  await host?.core.dispose();
  await host?.close();
});

async function withEverything(): Promise<{
  api: Api;
  requests: Record<string, unknown>[];
  started: TestHost;
}> {
  const started = await startTestHost();
  host = started;
  const connected = connectRenderer(started);
  transport = connected.transport;
  const requests: Record<string, unknown>[] = [];
  connected.api.elicitation.onRequest((request) => requests.push(request));
  const command = everythingStdio();
  await connected.api.servers.save({
    name: 'everything',
    transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
  });
  const review = await connected.api.servers.reviewLaunch('everything');
  expect((await connected.api.servers.approveLaunch('everything', review.fingerprint)).state).toBe(
    'ready',
  );
  return { api: connected.api, requests, started };
}

function text(outcome: Awaited<ReturnType<TestHost['core']['mcp']['callTool']>>): string {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.result.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');
}

describe('elicitation', () => {
  it('shows a server’s form request to the user and returns what they entered', async () => {
    const { api, requests, started } = await withEverything();
    const call = started.core.mcp.callTool('everything', 'trigger-elicitation-request', {});
    await expect.poll(() => requests.length, { timeout: 10_000 }).toBe(1);
    const request = requests[0] as {
      requestId: string;
      mode: string;
      requestedSchema: { properties: Record<string, unknown> };
    };
    expect(request.mode).toBe('form');
    expect(Object.keys(request.requestedSchema.properties)).toContain('name');
    expect(
      await api.elicitation.respond(request.requestId, {
        action: 'accept',
        content: { name: 'Sam Example', check: true },
      }),
    ).toBe(true);
    const result = text(await call);
    expect(result).toContain('User provided the requested information');
    expect(result).toContain('Sam Example');
    expect((await api.questions.pending()).elicitations).toEqual([]);
  });

  it('tells the server the user declined', async () => {
    const { api, requests, started } = await withEverything();
    const call = started.core.mcp.callTool('everything', 'trigger-elicitation-request', {});
    await expect.poll(() => requests.length, { timeout: 10_000 }).toBe(1);
    await api.elicitation.respond(String(requests[0]?.requestId), { action: 'decline' });
    expect(text(await call)).toMatch(/declined/i);
  });

  it('asks before sending the user to a web page a server names', async () => {
    const { api, requests, started } = await withEverything();
    const call = started.core.mcp.callTool('everything', 'trigger-url-elicitation', {
      url: 'https://example.com/authorize',
      message: 'Sign in to continue',
    });
    await expect.poll(() => requests.length, { timeout: 10_000 }).toBe(1);
    expect(requests[0]).toMatchObject({
      mode: 'url',
      url: 'https://example.com/authorize',
      message: 'Sign in to continue',
    });
    await api.elicitation.respond(String(requests[0]?.requestId), { action: 'decline' });
    expect(text(await call)).toMatch(/decline/i);
  });
});
