import { afterEach, describe, expect, it } from 'vitest';
import { createOllamaService, resolveOllamaHost } from '../../electron/core/ollama/ollamaService';
import type { OllamaError } from '../../electron/core/ollama/ollamaErrors';
import { startFakeOllama, type FakeOllama } from '../fixtures/fakeOllama';
import type { Turn } from '../fixtures/fakeOllama/types';

// Hearth's Ollama client against the fake Ollama over real HTTP.
let fake: FakeOllama | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function collect(
  turn: Turn,
  options: { firstTokenTimeoutMs?: number; idleTimeoutMs?: number } = {},
) {
  fake = await startFakeOllama({ script: [turn] });
  const ollama = createOllamaService({ host: fake.url });
  let text = '';
  try {
    for await (const chunk of ollama.chat(
      { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] },
      options,
    )) {
      text += chunk.message.content;
    }
    return { text };
  } catch (error) {
    return { text, error: error as OllamaError };
  }
}

describe('the Ollama service', () => {
  it('reads the version, the models, and capabilities with the context length', async () => {
    fake = await startFakeOllama({ script: [] });
    const ollama = createOllamaService({ host: fake.url });
    expect(await ollama.version()).toMatch(/^\d+\.\d+/);
    const names = (await ollama.listModels()).map((model) => model.name);
    expect(names).toEqual(expect.arrayContaining(['llama3.2:latest', 'qwen3:8b']));
    expect(await ollama.capabilities('qwen3:8b')).toMatchObject({
      tools: true,
      thinking: true,
      vision: false,
    });
    expect((await ollama.capabilities('llama3.2')).contextLength).toBeGreaterThan(8_192);
  });

  it('sends the configured headers, for an Ollama behind a proxy', async () => {
    fake = await startFakeOllama({ script: [] });
    await createOllamaService({
      host: fake.url,
      headers: { Authorization: 'Bearer proxy-token' },
    }).version();
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer proxy-token');
  });

  it('pulls a model with progress until it is listed', async () => {
    fake = await startFakeOllama({
      script: [],
      pullable: { 'tinyllama:1b': { capabilities: ['completion'] } },
    });
    const ollama = createOllamaService({ host: fake.url });
    const statuses: string[] = [];
    await ollama.pull('tinyllama:1b', (progress) => statuses.push(progress.status));
    expect(statuses[0]).toBe('pulling manifest');
    expect(statuses.at(-1)).toBe('success');
    expect((await ollama.listModels()).map((model) => model.name)).toContain('tinyllama:1b');
  });

  it('streams content', async () => {
    expect(await collect({ content: 'one two three' })).toEqual({ text: 'one two three' });
  });

  it('reports an error object in the middle of a 200 stream in Ollama’s words', async () => {
    const result = await collect({
      content: 'one two three four',
      errorAfterTokens: 2,
      error: 'failed to decode batch',
    });
    expect(result.text.trim()).toBe('one two');
    expect(result.error?.message).toBe('Ollama reported an error: failed to decode batch');
  });

  it('reports a stream cut in the middle', async () => {
    const result = await collect({ content: 'one two three four', cutAfterTokens: 2 });
    expect(result.error?.problem).toBe('failed');
    expect(result.text.trim()).toBe('one two');
  });

  it('ends a stream that stalls with the idle timeout, separate from the first-token one', async () => {
    const result = await collect(
      { content: 'one two three', stallAfterTokens: 1 },
      { idleTimeoutMs: 300, firstTokenTimeoutMs: 10_000 },
    );
    expect(result.error).toMatchObject({ problem: 'stalled' });
    expect(result.text.trim()).toBe('one');
  });

  it('waits longer for a cold model’s first token, and says so when even that runs out', async () => {
    const slowButFine = await collect(
      { content: 'loaded', firstTokenDelayMs: 500 },
      { idleTimeoutMs: 100, firstTokenTimeoutMs: 5_000 },
    );
    expect(slowButFine).toEqual({ text: 'loaded' });
    await fake?.close();
    const tooSlow = await collect(
      { content: 'never', firstTokenDelayMs: 3_000 },
      { firstTokenTimeoutMs: 300 },
    );
    expect(tooSlow.error).toMatchObject({ problem: 'first-token-timeout' });
  });

  it('turns a 500 before streaming into a clear error', async () => {
    const result = await collect({ httpError: { status: 500, error: 'out of memory' } });
    expect(result.error?.message).toMatch(/out of memory/);
  });

  it('aborts a stream on the caller’s signal', async () => {
    fake = await startFakeOllama({ script: [{ content: 'a b c d e f g h', tokenDelayMs: 200 }] });
    const ollama = createOllamaService({ host: fake.url });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 250);
    const chunks: string[] = [];
    const outcome = await (async () => {
      for await (const chunk of ollama.chat(
        { model: 'llama3.2', messages: [{ role: 'user', content: 'count' }] },
        { signal: controller.signal },
      ))
        chunks.push(chunk.message.content);
    })().catch((error: OllamaError) => error);
    expect(outcome).toMatchObject({ problem: 'cancelled' });
    expect(chunks.length).toBeLessThan(8);
  });
});

describe('resolveOllamaHost', () => {
  it.each([
    ['', {}, 'http://127.0.0.1:11434'],
    ['', { OLLAMA_HOST: '0.0.0.0' }, 'http://127.0.0.1:11434'],
    ['', { OLLAMA_HOST: 'gpu-box:8080' }, 'http://gpu-box:8080'],
    ['', { OLLAMA_HOST: 'gpu-box' }, 'http://gpu-box:11434'],
    // With a scheme and no port, Ollama's envconfig.Host uses 80 or 443.
    ['', { OLLAMA_HOST: 'http://gpu-box' }, 'http://gpu-box:80'],
    ['', { OLLAMA_HOST: 'https://ollama.example.com' }, 'https://ollama.example.com:443'],
    ['http://10.0.0.2:11434', { OLLAMA_HOST: 'ignored' }, 'http://10.0.0.2:11434'],
  ])('reads “%s” with %o as %s', (configured, environment, expected) => {
    expect(resolveOllamaHost(configured, environment)).toBe(expected);
  });
});
