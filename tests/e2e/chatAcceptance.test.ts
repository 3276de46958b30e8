import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, startFakeOllama, toolCall, type FakeOllama } from '../fixtures/fakeOllama';
import { isAlive } from '../support/managerHarness';
import { everythingStdio } from '../support/mcpFixtures';
import { connectRenderer } from '../support/rendererBridge';
import { startBuiltHost, type ServeProcess } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// The acceptance, literally: the built browser host (`npm run serve`), its contract over
// the WebSocket, the real everything server, the fake Ollama, then a restart of the host.
let serve: ServeProcess | undefined;
let ollama: FakeOllama | undefined;
afterEach(async () => {
  await serve?.stop();
  await ollama?.close();
});

describe('a conversation through npm run serve', () => {
  it('calls a tool of server-everything with approval, streams the answer, and is found after a restart', async () => {
    ollama = await startFakeOllama({
      script: [
        toolCall('everything_get-sum', { a: 19, b: 23 }),
        plainAnswer('19 + 23 is 42, says the server.'),
      ],
    });
    const dataDir = tempDir('accept');
    serve = await startBuiltHost(dataDir);
    const { api, transport } = connectRenderer({
      port: Number(new URL(serve.url).port),
      token: serve.token,
      origin: serve.origin,
    });
    const approvals: { requestId: string; tool: string }[] = [];
    api.approval.onRequest((request) => approvals.push(request));
    let streamed = '';
    api.chat.onDelta((delta) => (streamed += delta.content ?? ''));
    const ended = new Promise<string>((resolve) =>
      api.chat.onStatus(
        (status) => ['done', 'failed', 'stopped'].includes(status.state) && resolve(status.state),
      ),
    );

    await api.settings.set({ ollama: { host: ollama.url }, chat: { model: 'llama3.2' } });
    const command = everythingStdio();
    await api.servers.save({
      name: 'everything',
      transport: { type: 'stdio', command: command.command, args: command.args, env: [] },
    });
    const review = await api.servers.reviewLaunch('everything');
    expect((await api.servers.approveLaunch('everything', review.fingerprint)).state).toBe('ready');

    const { conversationId } = await api.chat.send({ text: 'What is 19 + 23? Use the server.' });
    await expect.poll(() => approvals.length, { timeout: 15_000 }).toBe(1);
    expect(approvals[0]?.tool).toBe('get-sum');
    await api.approval.respond(approvals[0]?.requestId ?? '', { decision: 'once' });
    expect(await ended).toBe('done');
    expect(streamed).toBe('19 + 23 is 42, says the server.');
    const toolMessage = ollama
      .chatRequests()[1]
      ?.messages?.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toMatch(/42/);
    const pids = (await api.servers.list()).flatMap((entry) =>
      entry.status.pid ? [entry.status.pid] : [],
    );
    expect(pids.length).toBeGreaterThan(0);
    transport.close();

    // Quitting the host ends every server it started: no orphans.
    await serve.stop();
    await expect.poll(() => pids.filter(isAlive), { timeout: 10_000 }).toEqual([]);
    serve = await startBuiltHost(dataDir);
    const again = connectRenderer({
      port: Number(new URL(serve.url).port),
      token: serve.token,
      origin: serve.origin,
    });
    try {
      const hits = await again.api.conversations.search('server');
      expect(hits.map((hit) => hit.conversationId)).toContain(conversationId);
    } finally {
      again.transport.close();
    }
  });
});
