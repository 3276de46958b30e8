import { describe, expect, it } from 'vitest';
import { withCloudConsent } from '../../../electron/core/ollama/cloudConsent';
import type { ModelProvider, ModelSummary } from '../../../electron/core/ollama/ollamaService';

/** A provider whose list is what the test says, counting each time it is read. */
function provider(list: () => Promise<ModelSummary[]>) {
  const asked = { lists: 0, chats: 0 };
  const inner: ModelProvider = {
    host: 'http://127.0.0.1:11434',
    version: () => Promise.resolve('0.13.0'),
    listModels: () => {
      asked.lists++;
      return list();
    },
    capabilities: () => Promise.reject(new Error('not asked here')),
    pull: () => Promise.resolve(),
    async *chat() {
      asked.chats++;
      yield { done: true } as never;
    },
  };
  return { inner, asked };
}

const local: ModelSummary = {
  name: 'llama3.2:latest',
  size: 1,
  family: 'llama',
  parameterSize: '3B',
  quantization: 'Q4_K_M',
  modifiedAt: '2026-01-01T00:00:00.000Z',
};

async function drain(reply: AsyncGenerator<unknown>) {
  for await (const chunk of reply) void chunk;
}

describe('asking whether a model runs on ollama.com as a turn starts', () => {
  it('reads the list once for the turn: the request meets the answer asked for early', async () => {
    const { inner, asked } = provider(() => Promise.resolve([local]));
    const consent = withCloudConsent(inner, () => []);
    const signal = new AbortController().signal;
    consent.prepareChat?.('llama3.2', signal);
    expect(asked.lists).toBe(1);
    await drain(consent.chat({ model: 'llama3.2', messages: [] }, { signal }));
    await drain(consent.chat({ model: 'llama3.2', messages: [] }, { signal }));
    expect(asked).toEqual({ lists: 1, chats: 2 });
  });

  it('asks nothing for a model the user agreed to', () => {
    const { inner, asked } = provider(() => Promise.resolve([]));
    const consent = withCloudConsent(inner, () => ['gpt-oss:120b-cloud']);
    consent.prepareChat?.('gpt-oss:120b-cloud', new AbortController().signal);
    expect(asked.lists).toBe(0);
  });

  it('leaves a failed early look-up to the request, which asks again and says why', async () => {
    let fail = true;
    const { inner, asked } = provider(() =>
      fail ? Promise.reject(new Error('Ollama is not running')) : Promise.resolve([local]),
    );
    const consent = withCloudConsent(inner, () => []);
    const signal = new AbortController().signal;
    consent.prepareChat?.('llama3.2', signal);
    // Let the early look-up fail: nothing is thrown or left unhandled.
    await new Promise((resolve) => setImmediate(resolve));
    fail = false;
    await drain(consent.chat({ model: 'llama3.2', messages: [] }, { signal }));
    expect(asked).toEqual({ lists: 2, chats: 1 });
  });
});
