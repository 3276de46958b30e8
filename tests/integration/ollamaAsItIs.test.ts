import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOllamaService } from '../../electron/core/ollama/ollamaService';
import type { OllamaError } from '../../electron/core/ollama/ollamaErrors';
import {
  lengthLimited,
  plainAnswer,
  serverBusy,
  SIGNIN_URL,
  startFakeOllama,
  unparsedToolCall,
} from '../fixtures/fakeOllama';
import type { Turn } from '../fixtures/fakeOllama/types';
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

describe('errors in words a person can act on', () => {
  it('tells a plain 404 from another program apart from a missing model, on the status line too', async () => {
    const foreign = await startFakeOllama({ notOllama: true });
    try {
      const ollama = createOllamaService({ host: foreign.url });
      const failure = await ollama.version().catch((error: OllamaError) => error);
      expect(failure).toMatchObject({ problem: 'not-ollama' });
      expect((failure as OllamaError).message).toMatch(
        new RegExp(`^Something answers at ${foreign.url}, but it is not Ollama`),
      );
      chat = await startChatHarness({ script: [plainAnswer('never')] });
      await chat.api.settings.set({ ollama: { host: foreign.url } });
      const status = await chat.api.ollama.status();
      expect(status).toMatchObject({ ok: false });
      expect(status.ok ? '' : status.message).toMatch(/but it is not Ollama/);
      const { status: turn } = await chat.turn('hi');
      expect(turn).toMatchObject({ state: 'failed', problem: 'not-ollama' });
      expect(String(turn.message)).not.toMatch(/not installed/);
    } finally {
      await foreign.close();
    }
  });

  it('keeps Ollama’s own “model not found” as the missing-model message', async () => {
    chat = await startChatHarness({ script: [plainAnswer('never')], model: 'mistral' });
    const { status } = await chat.turn('hi');
    expect(status).toMatchObject({ state: 'failed', problem: 'model-not-found' });
    expect(String(status.message)).toMatch(/“mistral” is not installed in Ollama/);
  });

  it('says a pulled name is not in the library, from the error line after “pulling manifest”', async () => {
    const fake = await startFakeOllama();
    try {
      const progress: string[] = [];
      const failure = await createOllamaService({ host: fake.url })
        .pull('no-such-model', (line) => progress.push(line.status))
        .catch((error: OllamaError) => error);
      expect(progress).toEqual(['pulling manifest']);
      expect(failure).toMatchObject({ problem: 'not-in-library' });
      expect((failure as Error).message).toMatch(
        /^There is no model called “no-such-model” in the Ollama library/,
      );
    } finally {
      await fake.close();
    }
  });

  async function chatOnce(script: Turn[]) {
    const fake = await startFakeOllama({ script });
    const ollama = createOllamaService({ host: fake.url });
    let text = '';
    try {
      for await (const chunk of ollama.chat(
        { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] },
        { busyRetryMs: 50 },
      ))
        text += chunk.message.content;
      return { text, requests: fake.chatRequests().length };
    } catch (error) {
      return { text, requests: fake.chatRequests().length, error: error as OllamaError };
    } finally {
      await fake.close();
    }
  }

  it('asks a busy Ollama (503) once more after a pause, and answers when it has room', async () => {
    const outcome = await chatOnce([serverBusy(), plainAnswer('Room now.')]);
    expect(outcome).toEqual({ text: 'Room now.', requests: 2 });
  });

  it('says Ollama is busy when it still is after the retry', async () => {
    const outcome = await chatOnce([serverBusy(), serverBusy(), plainAnswer('never')]);
    expect(outcome.requests).toBe(2);
    expect(outcome.error).toMatchObject({ problem: 'busy' });
    expect(outcome.error?.message).toMatch(/^Ollama is busy.*asked again after/);
  });

  it('words the runner crash for a person: the model stopped, and what to try', async () => {
    const outcome = await chatOnce([{ content: 'Half an ans', errorAfterTokens: 2 }]);
    expect(outcome.text).toBe('Half an');
    expect(outcome.error).toMatchObject({ problem: 'model-stopped' });
    expect(outcome.error?.message).toMatch(/“llama3\.2” stopped unexpectedly.*smaller model/);
  });
});

describe('replies that look finished but are not', () => {
  it('says a reply cut at the length limit (done_reason "length") is incomplete', async () => {
    chat = await startChatHarness({ script: [lengthLimited('Once upon a')] });
    const { conversationId, status } = await chat.turn('tell me a story');
    expect(status).toMatchObject({ state: 'done', problem: 'reply-cut' });
    expect(String(status.message)).toMatch(/^The reply was cut off/);
    // What the model wrote is kept.
    const conversation = await chat.api.conversations.get(conversationId);
    expect(conversation?.messages.at(-1)?.content).toBe('Once upon a');
  });

  it('says an empty done chunk (a tool call Ollama could not parse) is an empty reply', async () => {
    chat = await startChatHarness({ script: [unparsedToolCall()] });
    const { status } = await chat.turn('list my files');
    expect(status).toMatchObject({ state: 'done', problem: 'reply-empty' });
    expect(String(status.message)).toMatch(/empty reply.*tool call Ollama could not read/);
  });

  it('says nothing extra for a whole reply', async () => {
    chat = await startChatHarness({ script: [plainAnswer('All done.')] });
    const { status } = await chat.turn('hi');
    expect(status).toEqual(expect.objectContaining({ state: 'done' }));
    expect(status.problem).toBeUndefined();
  });
});

describe('tool calls as Ollama’s parsers hand them over', () => {
  it.each(['chunks', 'done-chunk', 'index-zero'] as const)(
    'sends each result back with its call’s id as tool_call_id (%s)',
    async (toolCallStyle) => {
      chat = await startChatHarness({
        script: [
          {
            toolCalls: [
              { name: 'no_such_tool', arguments: { n: 1 } },
              { name: 'no_such_tool', arguments: { n: 2 } },
            ],
            toolCallStyle,
          },
          plainAnswer('Done.'),
        ],
      });
      const { status } = await chat.turn('go');
      expect(status).toMatchObject({ state: 'done' });
      const messages = chat.ollama.chatRequests()[1]?.messages ?? [];
      const assistant = messages.find((message) => message.tool_calls?.length);
      const ids = (assistant?.tool_calls ?? []).map((call) => call.id);
      expect(ids).toHaveLength(2);
      expect(ids.every((id) => /^call_[a-z0-9]{8}$/.test(String(id)))).toBe(true);
      const results = messages.filter((message) => message.role === 'tool');
      expect(results.map((message) => message.tool_call_id)).toEqual(ids);
    },
  );
});

describe('the context length', () => {
  it('is read from <general.architecture>.context_length, not any key ending so', async () => {
    const fake = await startFakeOllama({
      models: {
        'vision-model': {
          family: 'qwen25vl',
          contextLength: 128000,
          capabilities: ['completion', 'vision'],
          // Sorted first, as Go writes map keys: a vision tower's own length.
          modelInfo: { 'clip.vision.context_length': 577 },
        },
      },
    });
    try {
      const capabilities = await createOllamaService({ host: fake.url }).capabilities(
        'vision-model',
      );
      expect(capabilities.contextLength).toBe(128000);
    } finally {
      await fake.close();
    }
  });
});

describe('cloud models', () => {
  const cloudModels = {
    'llama3.2': {},
    'gpt-oss:120b-cloud': {
      family: 'gptoss',
      remoteHost: 'https://ollama.com:443',
      remoteModel: 'gpt-oss:120b',
      size: 384,
    },
  };

  it('are listed as running on ollama.com, beside the local ones', async () => {
    chat = await startChatHarness({ script: [], models: cloudModels });
    const models = await chat.api.models.list();
    expect(models.find((model) => model.name === 'gpt-oss:120b-cloud')).toMatchObject({
      remote: true,
    });
    expect(models.find((model) => model.name === 'llama3.2:latest')?.remote).toBeUndefined();
  });

  it('turn a 401 into “sign in to Ollama”, with ollama.com’s sign-in page', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('never')],
      models: cloudModels,
      model: 'gpt-oss:120b-cloud',
      cloud: 'signed-out',
    });
    await chat.api.settings.set({ ollama: { cloudModelsAllowed: ['gpt-oss:120b-cloud'] } });
    const { status } = await chat.turn('hi');
    expect(status).toMatchObject({ state: 'failed', problem: 'cloud-signin', link: SIGNIN_URL });
    expect(String(status.message)).toMatch(/runs on ollama\.com.*Sign in to Ollama/);
  });

  it('turn a 403 “cloud is disabled” into its own words', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('never')],
      models: cloudModels,
      model: 'gpt-oss:120b-cloud',
      cloud: 'disabled',
    });
    await chat.api.settings.set({ ollama: { cloudModelsAllowed: ['gpt-oss:120b-cloud'] } });
    const { status } = await chat.turn('hi');
    expect(status).toMatchObject({ state: 'failed', problem: 'cloud-disabled' });
    expect(String(status.message)).toMatch(/cloud models are turned off in this Ollama/);
  });
});

describe('gpt-oss and its think levels', () => {
  const gptOss = {
    'gpt-oss:20b': { family: 'gptoss', capabilities: ['completion', 'tools', 'thinking'] as const },
  };

  it('is sent the level from Settings, never true/false, which it ignores', async () => {
    chat = await startChatHarness({
      script: [{ thinking: 'Weighing it.', content: 'Answer.' }],
      models: gptOss,
      model: 'gpt-oss:20b',
    });
    await chat.api.settings.set({ chat: { think: false, thinkLevel: 'high' } });
    const { conversationId, status } = await chat.turn('hi');
    expect(status).toMatchObject({ state: 'done' });
    expect(chat.ollama.chatRequests()[0]?.think).toBe('high');
    // It reasons whatever it is told, as Ollama's harmony parser returns it.
    const conversation = await chat.api.conversations.get(conversationId);
    expect(conversation?.messages.at(-1)?.thinking).toBe('Weighing it.');
  });

  it('lists as taking levels, from /api/show’s family and harmony template', async () => {
    const fake = await startFakeOllama({
      models: {
        ...gptOss,
        'qwen3:8b': {
          family: 'qwen3',
          capabilities: ['completion', 'tools', 'thinking'],
        },
      },
    });
    try {
      const ollama = createOllamaService({ host: fake.url });
      expect((await ollama.capabilities('gpt-oss:20b')).thinkLevels).toBe(true);
      expect((await ollama.capabilities('qwen3:8b')).thinkLevels).toBeUndefined();
    } finally {
      await fake.close();
    }
  });

  it('the fake answers as Ollama: thinking despite think:false, and refuses an unknown level', async () => {
    const fake = await startFakeOllama({
      models: gptOss,
      script: [{ thinking: 'Still thinking.', content: 'Hi.' }],
    });
    try {
      const post = (think: unknown) =>
        fetch(`${fake.url}/api/chat`, {
          method: 'POST',
          body: JSON.stringify({
            model: 'gpt-oss:20b',
            messages: [{ role: 'user', content: 'hi' }],
            think,
            stream: false,
          }),
        });
      const answer = (await (await post(false)).json()) as { message: { thinking?: string } };
      expect(answer.message.thinking).toBe('Still thinking.');
      const refused = await post('extreme');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error:
          'invalid think value: "extreme" (must be "high", "medium", "low", "max", true, or false)',
      });
    } finally {
      await fake.close();
    }
  });
});
