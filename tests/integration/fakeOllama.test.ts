import { Ollama, type ChatResponse } from 'ollama';
import { afterEach, describe, expect, it } from 'vitest';
import {
  endlessToolCalls,
  parallelToolCalls,
  plainAnswer,
  PULL_NOT_FOUND_ERROR,
  RUNNER_STOPPED_ERROR,
  startFakeOllama,
  thinkingAnswer,
  toolCall,
  type FakeOllama,
  type FakeOllamaOptions,
} from '../fixtures/fakeOllama';

// The fake Ollama against the real `ollama` client: what the client sees is what the app will see.
let fake: FakeOllama | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeOllamaOptions = {}) {
  fake = await startFakeOllama(options);
  return { fake, client: new Ollama({ host: fake.url }) };
}

/** Reads a stream to its end, keeping what arrived before a failure. */
async function drain<T>(stream: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of stream) items.push(item);
    return { items, error: undefined };
  } catch (error) {
    return { items, error };
  }
}

const userSays = (content: string) => [{ role: 'user', content }];
const weatherTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather for a city', parameters: {} },
};
const RFC3339_NANO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/;

describe('the fake Ollama server', () => {
  it('answers the version, the root banner and a HEAD probe', async () => {
    const { fake, client } = await start();
    expect(await client.version()).toEqual({ version: '0.12.6' });
    const root = await fetch(`${fake.url}/`);
    expect(await root.text()).toBe('Ollama is running');
    expect((await fetch(`${fake.url}/`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${fake.url}/api/nothing`)).status).toBe(404);
  });

  it('lists installed models with their details', async () => {
    const { client } = await start({ models: { 'llama3.2': { size: 42 } } });
    const { models } = await client.list();
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({
      name: 'llama3.2:latest',
      model: 'llama3.2:latest',
      size: 42,
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      details: {
        parent_model: '',
        format: 'gguf',
        family: 'llama',
        families: ['llama'],
        parameter_size: '3.2B',
        quantization_level: 'Q4_K_M',
      },
    });
  });

  it('shows capabilities and the context length under the family key', async () => {
    const { client } = await start();
    const qwen = await client.show({ model: 'qwen3:8b' });
    expect(qwen.capabilities).toEqual(['completion', 'tools', 'thinking']);
    expect(qwen.model_info).toMatchObject({
      'general.architecture': 'qwen3',
      'qwen3.context_length': 40960,
    });
    const llama = await client.show({ model: 'llama3.2' });
    expect(llama.model_info).toMatchObject({ 'llama.context_length': 131072 });
    expect((await client.show({ model: 'gemma3:4b' })).capabilities).toEqual([
      'completion',
      'vision',
    ]);
  });

  it('reports an unknown model to show as a 404 ResponseError', async () => {
    const { client } = await start();
    const error = await client.show({ model: 'nope' }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({
      name: 'ResponseError',
      status_code: 404,
      error: "model 'nope' not found",
    });
  });

  it('streams pull progress and lists the model afterwards', async () => {
    const { client } = await start({ models: {}, pullable: { 'qwen3:8b': { family: 'qwen3' } } });
    const progress = await drain(await client.pull({ model: 'qwen3:8b', stream: true }));
    expect(progress.error).toBeUndefined();
    const statuses = progress.items.map((line) => line.status);
    expect(statuses[0]).toBe('pulling manifest');
    expect(statuses.slice(-3)).toEqual(['verifying sha256 digest', 'writing manifest', 'success']);
    const layer = progress.items.find((line) => line.completed !== undefined);
    expect(layer).toMatchObject({ digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(layer?.status).toBe(`pulling ${layer?.digest.slice(7, 19)}`);
    expect(layer?.completed).toBeLessThanOrEqual(layer?.total ?? 0);
    expect((await client.list()).models.map((model) => model.name)).toEqual(['qwen3:8b']);
  });

  it('fails a pull of an unknown name as the registry does', async () => {
    const { client } = await start();
    const streamed = await drain(await client.pull({ model: 'bogus', stream: true }));
    expect(streamed.items.map((line) => line.status)).toEqual(['pulling manifest']);
    expect(streamed.error).toEqual(new Error(PULL_NOT_FOUND_ERROR));
    const whole = await client.pull({ model: 'bogus' }).catch((reason: unknown) => reason);
    expect(whole).toMatchObject({ status_code: 500, error: PULL_NOT_FOUND_ERROR });
  });

  it('streams content in tokens that concatenate to the answer and records the request', async () => {
    const { fake, client } = await start({ script: [plainAnswer('The sky is blue.')] });
    const stream = await client.chat({
      model: 'llama3.2',
      messages: userSays('Why?'),
      stream: true,
      keep_alive: '10m',
      options: { num_ctx: 8192 },
    });
    const { items, error } = await drain(stream);
    expect(error).toBeUndefined();
    expect(items.length).toBeGreaterThan(2);
    expect(items.map((chunk) => chunk.message.content).join('')).toBe('The sky is blue.');
    expect(items[0]).toMatchObject({ model: 'llama3.2', done: false });
    expect(String(items[0]?.created_at)).toMatch(RFC3339_NANO);
    const last = items.at(-1);
    expect(last).toMatchObject({ done: true, done_reason: 'stop', message: { content: '' } });
    for (const counter of ['total_duration', 'load_duration', 'prompt_eval_count'] as const) {
      expect(last?.[counter]).toBeGreaterThan(0);
    }
    expect(last?.eval_count).toBe(items.length - 1);
    expect(fake.chatRequests()[0]).toMatchObject({ keep_alive: '10m', options: { num_ctx: 8192 } });
    expect(fake.requests.at(-1)?.headers['user-agent']).toMatch(/^ollama-js\//);
  });

  it('sends thinking as message.thinking, and none when think is false', async () => {
    const { fake, client } = await start({ script: [thinkingAnswer('Let me see.', 'Four.')] });
    const chunks = (
      await drain(
        await client.chat({
          model: 'qwen3:8b',
          messages: userSays('2+2?'),
          stream: true,
          think: true,
        }),
      )
    ).items;
    expect(chunks.map((chunk) => chunk.message.thinking ?? '').join('')).toBe('Let me see.');
    expect(chunks.map((chunk) => chunk.message.content).join('')).toBe('Four.');
    expect(fake.chatRequests()[0]?.think).toBe(true);
    fake.setScript([thinkingAnswer('Hidden.', 'Four.')]);
    const quiet = await client.chat({
      model: 'qwen3:8b',
      messages: userSays('2+2?'),
      think: false,
    });
    expect(quiet.message).toEqual({ role: 'assistant', content: 'Four.' });
  });

  it('streams tool calls with object arguments, an id and an index', async () => {
    const { fake, client } = await start({
      script: [
        parallelToolCalls([
          { name: 'get_weather', arguments: { city: 'Paris' } },
          // Written as JSON text, read into an object as tools/tools.go findArguments does.
          { name: 'get_time', rawArguments: '{"zone":"CET"}' },
        ]),
      ],
    });
    const { items } = await drain(
      await client.chat({
        model: 'llama3.2',
        messages: userSays('Weather?'),
        tools: [weatherTool],
        stream: true,
      }),
    );
    const calls = items.flatMap((chunk) => chunk.message.tool_calls ?? []);
    expect(calls).toEqual([
      {
        id: expect.stringMatching(/^call_[a-z0-9]{8}$/),
        function: { index: 0, name: 'get_weather', arguments: { city: 'Paris' } },
      },
      {
        id: expect.stringMatching(/^call_[a-z0-9]{8}$/),
        function: { index: 1, name: 'get_time', arguments: { zone: 'CET' } },
      },
    ]);
    expect(fake.chatRequests()[0]?.tools).toEqual([weatherTool]);
  });

  it('answers in one JSON object when stream is false', async () => {
    const { client } = await start({
      script: [
        {
          ...toolCall('get_weather', { city: 'Oslo' }),
          content: 'Checking.',
          doneReason: 'length',
        },
      ],
    });
    const answer: ChatResponse = await client.chat({
      model: 'llama3.2',
      messages: userSays('Weather?'),
      tools: [weatherTool],
    });
    expect(answer).toMatchObject({
      model: 'llama3.2',
      done: true,
      done_reason: 'length',
      message: {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [{ function: { index: 0, name: 'get_weather', arguments: { city: 'Oslo' } } }],
      },
    });
    expect(answer.eval_duration).toBeGreaterThan(0);
  });

  it('surfaces an error line inside a 200 stream as a plain Error after the earlier tokens', async () => {
    const { client } = await start({ script: [{ content: 'one two three', errorAfterTokens: 2 }] });
    const { items, error } = await drain(
      await client.chat({ model: 'llama3.2', messages: userSays('Count'), stream: true }),
    );
    expect(items.map((chunk) => chunk.message.content).join('')).toBe('one two');
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toHaveProperty('status_code');
    expect((error as Error).message).toBe(RUNNER_STOPPED_ERROR);
  });

  it('reports a missing chat model as a 404 ResponseError before any stream', async () => {
    const { fake, client } = await start({ script: [plainAnswer('unused')] });
    const error = await client
      .chat({ model: 'missing:7b', messages: userSays('Hi'), stream: true })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({
      name: 'ResponseError',
      status_code: 404,
      message: "model 'missing:7b' not found",
    });
    fake.setScript([plainAnswer('still here')]);
    const answer = await client.chat({ model: 'llama3.2', messages: userSays('Hi') });
    expect(answer.message.content).toBe('still here');
  });

  it('refuses tools for a model without the tools capability, and think without thinking', async () => {
    const { client } = await start();
    const tools = await client
      .chat({ model: 'gemma3:4b', messages: userSays('Hi'), tools: [weatherTool], stream: true })
      .catch((reason: unknown) => reason);
    expect(tools).toMatchObject({
      status_code: 400,
      error: 'registry.ollama.ai/library/gemma3:4b does not support tools',
    });
    const think = await client
      .chat({ model: 'llama3.2', messages: userSays('Hi'), think: true })
      .catch((reason: unknown) => reason);
    expect(think).toMatchObject({
      status_code: 400,
      error: '"llama3.2" does not support thinking',
    });
  });

  it('stops streaming when the client aborts, and records the abort', async () => {
    const { fake, client } = await start({
      script: [{ content: 'a b c d e f g h', tokenDelayMs: 100 }],
    });
    const stream = await client.chat({ model: 'llama3.2', messages: userSays('Go'), stream: true });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of stream) {
        seen.push(chunk.message.content);
        if (seen.length === 2) client.abort();
      }
    })().catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['a', ' b']);
    await expect.poll(() => fake.requests.at(-1)?.aborted).toBe(true);
  });

  it('cuts the connection mid-stream when told', async () => {
    const { client } = await start({ script: [{ content: 'one two three', cutAfterTokens: 1 }] });
    const { items, error } = await drain(
      await client.chat({ model: 'llama3.2', messages: userSays('Go'), stream: true }),
    );
    expect(items.map((chunk) => chunk.message.content)).toEqual(['one']);
    expect(error).toMatchObject({ name: 'TypeError', message: 'terminated' });
  });

  it('stalls with the connection open until the client gives up', async () => {
    const { client } = await start({ script: [{ content: 'one two three', stallAfterTokens: 2 }] });
    const stream = await client.chat({ model: 'llama3.2', messages: userSays('Go'), stream: true });
    const timer = setTimeout(() => client.abort(), 300);
    const started = Date.now();
    const { items, error } = await drain(stream);
    clearTimeout(timer);
    expect(items.map((chunk) => chunk.message.content)).toEqual(['one', ' two']);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('ends stalled streams when it closes', async () => {
    const { fake, client } = await start({ script: [{ content: 'one two', stallAfterTokens: 1 }] });
    const stream = await client.chat({ model: 'llama3.2', messages: userSays('Go'), stream: true });
    const drained = drain(stream);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await fake.close();
    const { items, error } = await drained;
    expect(items).toHaveLength(1);
    expect(error).toBeInstanceOf(Error);
  });

  it('waits for a cold load before the response starts', async () => {
    const { client } = await start({ script: [{ content: 'ready', firstTokenDelayMs: 200 }] });
    const started = Date.now();
    const answer = await client.chat({ model: 'llama3.2', messages: userSays('Hi') });
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
    expect(answer.load_duration).toBeGreaterThanOrEqual(180_000_000);
  });

  it('plays a function script with the request and its index, and says when a queue runs dry', async () => {
    const { fake, client } = await start({ script: endlessToolCalls('list_files', { path: '.' }) });
    for (let round = 0; round < 3; round += 1) {
      const answer = await client.chat({
        model: 'llama3.2',
        messages: userSays('Go'),
        tools: [weatherTool],
      });
      expect(answer.message.tool_calls?.[0]?.function.name).toBe('list_files');
    }
    fake.setScript((request, index) => plainAnswer(`${index}:${request.messages?.length ?? 0}`));
    expect(
      (await client.chat({ model: 'llama3.2', messages: userSays('Go') })).message.content,
    ).toBe('0:1');
    fake.setScript([]);
    const dry = await client
      .chat({ model: 'llama3.2', messages: userSays('Go') })
      .catch((reason: unknown) => reason);
    expect(dry).toMatchObject({ status_code: 500 });
  });

  it('answers an httpError turn before streaming and passes custom headers through', async () => {
    const { fake } = await start({
      script: [
        {
          httpError: {
            status: 503,
            error: 'server busy, please try again.  maximum pending requests exceeded',
          },
        },
      ],
    });
    const proxied = new Ollama({ host: fake.url, headers: { Authorization: 'Bearer secret' } });
    const error = await proxied
      .chat({ model: 'llama3.2', messages: userSays('Hi'), stream: true })
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ status_code: 503 });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer secret');
  });

  it('loads and unloads a model for an empty message list without using a turn', async () => {
    const { fake, client } = await start({ script: [plainAnswer('after')] });
    expect(await client.chat({ model: 'llama3.2', messages: [] })).toMatchObject({
      done_reason: 'load',
      done: true,
    });
    expect(await client.chat({ model: 'llama3.2', messages: [], keep_alive: 0 })).toMatchObject({
      done_reason: 'unload',
    });
    expect(
      (await client.chat({ model: 'llama3.2', messages: userSays('Hi') })).message.content,
    ).toBe('after');
    expect(fake.chatRequests()).toHaveLength(3);
  });
});
