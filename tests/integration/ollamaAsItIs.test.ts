import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';

// Hearth against the fake that follows Ollama's own source (issue: Ollama as it really is).
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('keep_alive as Ollama reads it', () => {
  it.each([
    ['-1', -1],
    ['300', 300],
    ['1h30m', '1h30m'],
  ])('“%s” typed in Settings reaches Ollama as %o and the chat works', async (typed, sent) => {
    chat = await startChatHarness({ script: [plainAnswer('Hello.')] });
    await chat.api.settings.set({ ollama: { keepAlive: typed } });
    const { status } = await chat.turn('hi');
    expect(status).toMatchObject({ state: 'done' });
    expect(chat.ollama.chatRequests()[0]?.keep_alive).toStrictEqual(sent);
  });
});

describe('an Ollama behind a reverse proxy on a sub-path', () => {
  it('keeps the path of the address, so requests reach the proxy’s /ollama/api/…', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Through the proxy.')] });
    const target = new URL(chat.ollama.url);
    const seen: string[] = [];
    // A proxy serving Ollama under /ollama, as nginx `location /ollama/ { proxy_pass …/; }` does.
    const proxy = createServer((request, response) => {
      seen.push(request.url ?? '');
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: (request.url ?? '').replace(/^\/ollama/, ''),
          headers: request.headers,
        },
        (upstream) => {
          response.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(response);
        },
      );
      request.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      await chat.api.settings.set({ ollama: { host: `http://127.0.0.1:${port}/ollama` } });
      const { status } = await chat.turn('hi');
      expect(status).toMatchObject({ state: 'done' });
      expect(seen).toContain('/ollama/api/chat');
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
