import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MODELS, EMBEDDING_MODEL, plainAnswer } from '../fixtures/fakeOllama';
import { addEverything, startChatHarness, type ChatHarness } from '../support/chatHarness';
import { tempDir } from '../support/testHost';

// With an embedding model installed, the core indexes the tools when servers bring them, before
// any message: the first turn then embeds only its message.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const embedded = (harness: ChatHarness) =>
  harness.ollama.requests
    .filter((request) => request.path === '/api/embed')
    .flatMap((request) => (request.body as { input: string[] }).input);

describe('indexing tools ahead of the turns', () => {
  it('embeds the tools a new server brings, then only each message', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('Done.')],
      models: { ...DEFAULT_MODELS, ...EMBEDDING_MODEL },
    });
    const harness = chat;
    await addEverything(harness);
    const tools = (await harness.api.tools.list()).filter((tool) => tool.enabled);
    expect(tools.length).toBeGreaterThan(8);

    await vi.waitFor(() => expect(embedded(harness)).toHaveLength(tools.length), {
      timeout: 10_000,
    });
    expect(harness.ollama.chatRequests()).toHaveLength(0);

    const { status } = await harness.turn('echo something back to me');
    expect(status.state).toBe('done');
    expect(embedded(harness).slice(tools.length)).toEqual(['echo something back to me']);
  });

  it('keeps the vectors for the next start, which embeds nothing until a message comes', async () => {
    const dataDir = tempDir('vectors');
    const start = async () => {
      const harness = await startChatHarness({
        script: [plainAnswer('Done.')],
        models: { ...DEFAULT_MODELS, ...EMBEDDING_MODEL },
        dataDir,
      });
      chat = harness;
      return harness;
    };
    const first = await start();
    await addEverything(first);
    const count = (await first.api.tools.list()).filter((tool) => tool.enabled).length;
    await vi.waitFor(() => expect(embedded(first)).toHaveLength(count), { timeout: 10_000 });
    await first.close();

    // The same data folder, a new Hearth and a new Ollama process: the server starts again.
    const second = await start();
    await vi.waitFor(
      async () =>
        expect((await second.api.tools.list()).filter((tool) => tool.enabled)).toHaveLength(count),
      { timeout: 10_000 },
    );
    const { status } = await second.turn('echo something back to me');
    expect(status.state).toBe('done');
    expect(embedded(second)).toEqual(['echo something back to me']);
  });
});
