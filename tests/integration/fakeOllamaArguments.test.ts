import { Ollama } from 'ollama';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, startFakeOllama, type FakeOllama } from '../fixtures/fakeOllama';

// Arguments a model writes as text, read as Ollama's parsers read them: never handed on as a
// string (api.ToolCallFunctionArguments is an object); harmony refuses what is not JSON with an
// error line, tools/tools.go makes no call of it.
let fake: FakeOllama | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const tool = {
  type: 'function',
  function: { name: 'get_time', description: 'Time in a zone', parameters: {} },
};

async function callWith(model: string, rawArguments: string) {
  fake = await startFakeOllama({
    models: {
      ...DEFAULT_MODELS,
      'gpt-oss:20b': { family: 'gptoss', capabilities: ['completion', 'tools', 'thinking'] },
    },
    script: [{ content: 'Checking.', toolCalls: [{ name: 'get_time', rawArguments }] }],
  });
  const client = new Ollama({ host: fake.url });
  const chunks: unknown[] = [];
  try {
    const stream = await client.chat({
      model,
      messages: [{ role: 'user', content: 'time?' }],
      tools: [tool],
      stream: true,
    });
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks, error: undefined };
  } catch (error) {
    return { chunks, error: error as Error };
  }
}

const callsIn = (chunks: unknown[]) =>
  chunks.flatMap(
    (chunk) => (chunk as { message?: { tool_calls?: unknown[] } }).message?.tool_calls ?? [],
  );

describe('arguments a model writes as text', () => {
  it('arrive as an object when the text is a JSON object', async () => {
    const { chunks, error } = await callWith('llama3.2', '{"zone":"CET"}');
    expect(error).toBeUndefined();
    expect(callsIn(chunks)).toMatchObject([{ function: { arguments: { zone: 'CET' } } }]);
  });

  it('make no call at all through tools/tools.go when they are not JSON', async () => {
    const { chunks, error } = await callWith('llama3.2', '{not json');
    expect(error).toBeUndefined();
    expect(callsIn(chunks)).toEqual([]);
  });

  it('end gpt-oss’s stream with the harmony parser’s error when they are not JSON', async () => {
    const { chunks, error } = await callWith('gpt-oss:20b', '{not json');
    expect(callsIn(chunks)).toEqual([]);
    expect(error?.message).toBe(
      "error parsing tool call: raw='{not json', err=invalid character 'n' looking for beginning of object key string",
    );
  });
});
