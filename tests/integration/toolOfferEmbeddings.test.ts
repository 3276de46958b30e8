import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolOffer } from '../../electron/core/chat/offer/toolOffer';
import { createOllamaService } from '../../electron/core/ollama/ollamaService';
import { evaluationTools } from '../../bench/toolSelection/evaluationSet';
import { DEFAULT_MODELS, EMBEDDING_MODEL, startFakeOllama } from '../fixtures/fakeOllama';
import type { FakeOllama } from '../fixtures/fakeOllama/types';

// Semantic ranking through the real Ollama client against the fake's /api/embed: the embedding
// model is found among the installed ones, tool vectors are computed once and cached, and only
// the message is embedded for later turns.
let ollama: FakeOllama | undefined;
afterEach(async () => {
  await ollama?.close();
  ollama = undefined;
});

const embedRequests = (fake: FakeOllama) =>
  fake.requests
    .filter((request) => request.path === '/api/embed')
    .map((request) => request.body as { model: string; input: string[] });

/** An Ollama that takes 30 ms a text to embed (143 tool summaries: over 4 s; a message: 30 ms). */
async function slowEmbeddings() {
  ollama = await startFakeOllama({
    models: { ...DEFAULT_MODELS, ...EMBEDDING_MODEL },
    embedDelayMsPerInput: 30,
  });
  const fake = ollama;
  const provider = createOllamaService({ host: fake.url });
  const offer = createToolOffer({
    provider: () => provider,
    budgets: () => ({ 'llama3.2': 8 }),
    semanticWaitMs: 1_000,
  });
  const tools = evaluationTools();
  /** One turn asking to read a file: the tools offered. */
  const readAFile = async () =>
    (
      await offer({
        model: 'llama3.2',
        capabilities: await provider.capabilities('llama3.2'),
        tools,
        query: 'read a file',
        history: [],
      })
    ).offered.map((tool) => tool.modelName);
  /** Texts Ollama was asked to embed so far. */
  const textsEmbedded = () =>
    embedRequests(fake).reduce((sum, request) => sum + request.input.length, 0);
  return { fake, offer, tools, readAFile, textsEmbedded };
}

describe('tool offering with an embedding model', () => {
  it('finds the installed embedding model, embeds the tools once, then only each message', async () => {
    ollama = await startFakeOllama({ models: { ...DEFAULT_MODELS, ...EMBEDDING_MODEL } });
    const provider = createOllamaService({ host: ollama.url });
    const offer = createToolOffer({ provider: () => provider, budgets: () => ({}) });
    const tools = evaluationTools();
    const capabilities = await provider.capabilities('llama3.2');
    expect(capabilities.parameterCount).toBe(3.2e9);

    const first = await offer({
      model: 'llama3.2',
      capabilities,
      tools,
      query: 'post a message to the slack channel',
      history: [],
    });
    expect(first.tools).toHaveLength(12);
    expect(first.offered.map((tool) => tool.modelName)).toContain('slack_slack_post_message');
    await offer({ model: 'llama3.2', capabilities, tools, query: 'read a file', history: [] });

    const requests = embedRequests(ollama);
    expect(requests.every((request) => request.model === 'all-minilm:latest')).toBe(true);
    const embedded = requests.map((request) => request.input.length);
    // Tools in batches (143 distinct summaries), then one message, then the next message only.
    expect(embedded.slice(0, -2).reduce((sum, count) => sum + count, 0)).toBe(tools.length);
    expect(embedded.slice(-2)).toEqual([1, 1]);
  });

  it('ranks by words alone when no embedding model is installed', async () => {
    ollama = await startFakeOllama({ models: DEFAULT_MODELS });
    const provider = createOllamaService({ host: ollama.url });
    const offer = createToolOffer({ provider: () => provider, budgets: () => ({ 'llama3.2': 8 }) });
    const result = await offer({
      model: 'llama3.2',
      capabilities: await provider.capabilities('llama3.2'),
      tools: evaluationTools(),
      query: 'take a screenshot of the page',
      history: [],
    });
    expect(result.tools).toHaveLength(8);
    expect(result.offered.map((tool) => tool.modelName)).toContain(
      'playwright_browser_take_screenshot',
    );
    expect(embedRequests(ollama)).toEqual([]);
  });

  it('chooses by words alone while the tools are being indexed, and by meaning once they are', async () => {
    const { fake, readAFile, textsEmbedded } = await slowEmbeddings();
    const first = await readAFile();
    // It did not wait for the tools: their later batches were not even asked for yet.
    expect(embedRequests(fake).length).toBeLessThan(3);
    expect(first).not.toContain('github_get_file_contents');
    // Indexing goes on without the turn: three batches of tools, then (all cached) that turn's
    // message.
    await vi.waitFor(() => expect(textsEmbedded()).toBe(144), { timeout: 20_000, interval: 50 });

    // Similarity fills the last slots now: a file reader the words ranked lower comes in.
    const second = await readAFile();
    expect(second).toContain('github_get_file_contents');
    expect(embedRequests(fake).at(-1)?.input).toEqual(['read a file']);
  });

  it('indexes the tools ahead of the turns when asked, so the first turn embeds only its message', async () => {
    const { fake, offer, tools, readAFile, textsEmbedded } = await slowEmbeddings();
    await offer.warm(tools.slice(0, 8));
    expect(embedRequests(fake)).toEqual([]);
    await offer.warm(tools);
    expect(textsEmbedded()).toBe(tools.length);

    expect(await readAFile()).toContain('github_get_file_contents');
    expect(embedRequests(fake).at(-1)?.input).toEqual(['read a file']);
  });

  it('leaves a failed warm-up for the turn to report', async () => {
    // Nothing listens on port 9: Ollama is not running.
    const problems: string[] = [];
    const offer = createToolOffer({
      provider: () => createOllamaService({ host: 'http://127.0.0.1:9' }),
      budgets: () => ({ 'llama3.2': 8 }),
      onProblem: (message) => problems.push(message),
    });
    const tools = evaluationTools();
    await expect(offer.warm(tools)).resolves.toBeUndefined();
    expect(problems).toEqual([]);
    const result = await offer({
      model: 'llama3.2',
      capabilities: { tools: true, thinking: false, vision: false, contextLength: 131_072 },
      tools,
      query: 'read a file',
      history: [],
    });
    expect(problems).toEqual(['Ranking tools with the embedding model failed']);
    // The words still choose.
    expect(result.offered.map((tool) => tool.modelName)).toContain('filesystem_read_text_file');
  });

  it('answers /api/embed as Ollama does for unknown and non-embedding models', async () => {
    ollama = await startFakeOllama({ models: { ...DEFAULT_MODELS, ...EMBEDDING_MODEL } });
    const provider = createOllamaService({ host: ollama.url });
    await expect(provider.embed?.('nomic-embed-text', ['x'])).rejects.toThrow(/not installed/);
    // Ollama does not check the capability (EmbedHandler): a chat model answers too, so Hearth
    // picks its embedding model by /api/show's capabilities itself.
    await expect(provider.embed?.('llama3.2', ['x'])).resolves.toHaveLength(1);
    const [vector] = (await provider.embed?.('all-minilm', ['hello world'])) ?? [];
    expect(Math.hypot(...(vector ?? []))).toBeCloseTo(1, 6);
  });
});
