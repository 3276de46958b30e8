import { afterEach, describe, expect, it } from 'vitest';
import { endlessToolCalls, plainAnswer, thinkingAnswer, toolCall } from '../fixtures/fakeOllama';
import { addEverything, startChatHarness, type ChatHarness } from '../support/chatHarness';
import { startTestHost } from '../support/testHost';

// Chat turns end to end: the renderer's bridge, the real core, the real everything server as a
// child process, and a fake Ollama that speaks Ollama's HTTP API and plays scripted turns.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const toolMessages = (harness: ChatHarness, request: number) =>
  (harness.ollama.chatRequests()[request]?.messages ?? []).filter(
    (message) => message.role === 'tool',
  );

describe('a chat turn', () => {
  it('streams a plain answer and saves both messages, sending num_ctx and keep_alive', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Hello there, how can I help?')] });
    const { conversationId, status } = await chat.turn('hi');
    expect(status.state).toBe('done');
    const streamed = chat.events
      .filter((event) => event.channel === 'chat:delta')
      .map((event) => event.payload.content)
      .join('');
    expect(streamed).toBe('Hello there, how can I help?');
    const conversation = await chat.api.conversations.get(conversationId);
    expect(conversation?.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'hi'],
      ['assistant', 'Hello there, how can I help?'],
    ]);
    const [request] = chat.ollama.chatRequests();
    expect(request?.options?.num_ctx).toBeGreaterThanOrEqual(8_192);
    expect(request?.keep_alive).toBe('5m');
    expect(request?.messages?.[0]?.role).toBe('system');
    // The built-in tools are there from the start.
    expect(request?.tools?.map((tool) => tool.function.name)).toContain('hearth_run_shell_command');
  });

  it('asks before a tool call, runs it on the right server once allowed, and gives the model the result', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('everything_echo', { message: 'ping' }),
        plainAnswer('The server said ping.'),
      ],
    });
    await addEverything(chat);
    const sent = chat.api.chat.send({ text: 'echo ping please' });
    const request = await chat.next('approval:request');
    expect(request).toMatchObject({
      server: 'everything',
      tool: 'echo',
      arguments: { message: 'ping' },
    });
    expect(await chat.api.approval.respond(String(request.requestId), { decision: 'once' })).toBe(
      true,
    );
    const { turnId } = await sent;
    const status = await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    expect(status.state).toBe('done');
    expect(toolMessages(chat, 1)).toEqual([
      expect.objectContaining({
        role: 'tool',
        content: 'Echo: ping',
        tool_name: 'everything_echo',
      }),
    ]);
    const card = await chat.next('chat:toolCall', (payload) => payload.state === 'done');
    expect(card).toMatchObject({ server: 'everything', tool: 'echo' });
  });

  it('tells the model when the user denies a call, with the reason', async () => {
    chat = await startChatHarness({
      script: [toolCall('everything_echo', { message: 'x' }), plainAnswer('Understood.')],
    });
    await addEverything(chat);
    const sent = chat.api.chat.send({ text: 'try it' });
    const request = await chat.next('approval:request');
    await chat.api.approval.respond(String(request.requestId), {
      decision: 'deny',
      reason: 'not now',
    });
    const { turnId } = await sent;
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    expect(toolMessages(chat, 1)[0]?.content).toMatch(/The user denied this call: not now/);
    await chat.next('chat:toolCall', (payload) => payload.state === 'denied');
    // History keeps how the call ended, for the card shown when the conversation is reopened.
    const conversation = chat.host.core.chat.history.list()[0];
    const saved = chat.host.core.chat.history.get(conversation?.id ?? '');
    expect(saved?.messages.find((message) => message.toolCalls)?.toolCalls?.[0]?.outcome).toBe(
      'denied',
    );
  });

  it('does not ask again for a tool allowed for the conversation', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('everything_echo', { message: 'one' }),
        plainAnswer('ok'),
        toolCall('everything_echo', { message: 'two' }),
        plainAnswer('ok again'),
      ],
    });
    await addEverything(chat);
    const first = chat.api.chat.send({ text: 'first' });
    const request = await chat.next('approval:request');
    await chat.api.approval.respond(String(request.requestId), { decision: 'conversation' });
    const { conversationId, turnId } = await first;
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'done',
    );
    const second = await chat.turn('second', conversationId);
    expect(second.status.state).toBe('done');
    expect(chat.events.filter((event) => event.channel === 'approval:request')).toHaveLength(1);
    expect(toolMessages(chat, 3).at(-1)?.content).toBe('Echo: two');
  });

  it('answers an unknown tool and arguments that do not fit with errors the model can act on, asking nobody', async () => {
    chat = await startChatHarness({
      script: [
        {
          toolCalls: [
            { name: 'no_such_tool', arguments: {} },
            // Written as JSON text: Ollama reads it into an object (tools/tools.go findArguments).
            { name: 'everything_echo', rawArguments: '{"wrong": 1}' },
          ],
        },
        plainAnswer('Sorry.'),
      ],
    });
    await addEverything(chat);
    const { status } = await chat.turn('go');
    expect(status.state).toBe('done');
    const [unknown, misfit] = toolMessages(chat, 1);
    expect(unknown?.content).toMatch(
      /there is no tool named “no_such_tool”.*Available tools: .*everything_echo/s,
    );
    expect(misfit?.content).toMatch(/do not fit “everything_echo”/);
    expect(chat.events.filter((event) => event.channel === 'approval:request')).toHaveLength(0);
  });

  it('ends the turn in words when gpt-oss writes arguments Ollama cannot read', async () => {
    // Ollama never hands a client arguments as a string: the harmony parser refuses them and
    // the stream ends with its error (harmony/harmonyparser.go, server/routes.go).
    chat = await startChatHarness({
      model: 'gpt-oss:20b',
      models: {
        'gpt-oss:20b': { family: 'gptoss', capabilities: ['completion', 'tools', 'thinking'] },
      },
      script: [
        {
          thinking: 'Echo it.',
          toolCalls: [{ name: 'everything_echo', rawArguments: '{not json' }],
        },
      ],
    });
    await addEverything(chat);
    const { status } = await chat.turn('go');
    expect(status).toMatchObject({ state: 'failed', problem: 'failed' });
    expect(String(status.message)).toMatch(
      /^“gpt-oss:20b” wrote a tool call whose arguments Ollama could not read \(they were not valid JSON\)/,
    );
    expect(chat.events.filter((event) => event.channel === 'approval:request')).toHaveLength(0);
  });

  it('stops a model that keeps calling tools at the loop limit, never running an identical call twice', async () => {
    chat = await startChatHarness({
      script: endlessToolCalls('everything_echo', { message: 'again' }),
      loopLimit: 3,
    });
    await addEverything(chat);
    await chat.api.tools.configure('everything', 'echo', { approval: 'allow' });
    const { status } = await chat.turn('loop');
    expect(status).toMatchObject({
      state: 'done',
      message: expect.stringMatching(/stopped after 3 rounds/),
    });
    expect(chat.ollama.chatRequests()).toHaveLength(3);
    const results = toolMessages(chat, 2).map((message) => message.content);
    expect(results[0]).toBe('Echo: again');
    expect(results[1]).toMatch(/already called with exactly these arguments/);
  });

  it('stops a turn mid-stream, keeping what was written', async () => {
    chat = await startChatHarness({
      script: [{ content: 'one two three four five six seven eight nine ten', tokenDelayMs: 150 }],
    });
    const { conversationId, turnId } = await chat.api.chat.send({ text: 'count slowly' });
    await chat.next('chat:delta', (payload) => payload.turnId === turnId);
    expect(await chat.api.chat.stop(conversationId)).toBe(true);
    const status = await chat.next(
      'chat:status',
      (payload) => payload.turnId === turnId && payload.state === 'stopped',
    );
    expect(status.state).toBe('stopped');
    const conversation = await chat.api.conversations.get(conversationId);
    expect(conversation?.messages.at(-1)?.content).toMatch(/^one\b.*\[The reply was cut off\.\]$/s);
  });

  it('says plainly when Ollama is not running, or the model is not installed', async () => {
    chat = await startChatHarness({ script: [], model: 'missing-model' });
    const missing = await chat.turn('hello');
    expect(missing.status).toMatchObject({ state: 'failed', problem: 'model-not-found' });
    await chat.ollama.close();
    const down = await chat.turn('hello again', missing.conversationId);
    expect(down.status).toMatchObject({ state: 'failed', problem: 'not-running' });
    expect(String(down.status.message)).toMatch(/ollama serve/);
  });

  it('chats without tools, and says so, with a model that has none', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Plain reply.')], model: 'gemma3:4b' });
    const { status } = await chat.turn('hi');
    expect(status.state).toBe('done');
    expect(chat.ollama.chatRequests()[0]?.tools).toBeUndefined();
    await chat.next('chat:status', (payload) => /cannot use tools/.test(String(payload.message)));
  });

  it('streams thinking separately and keeps it with the answer', async () => {
    chat = await startChatHarness({
      script: [thinkingAnswer('Let me think about it.', 'Forty-two.')],
      model: 'qwen3:8b',
    });
    const { conversationId } = await chat.turn('meaning of life?');
    const thinking = chat.events
      .filter((event) => event.channel === 'chat:delta')
      .map((event) => event.payload.thinking ?? '')
      .join('');
    expect(thinking).toBe('Let me think about it.');
    expect(chat.ollama.chatRequests()[0]?.think).toBe(true);
    const conversation = await chat.api.conversations.get(conversationId);
    expect(conversation?.messages.at(-1)).toMatchObject({
      content: 'Forty-two.',
      thinking: 'Let me think about it.',
    });
  });

  it('finds the conversation by full-text search after the host restarts', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Aubergines grow best in warm soil.')] });
    const { conversationId } = await chat.turn('how do aubergines grow?');
    const dataDir = chat.host.dataDir;
    await chat.close();
    chat = undefined;
    const restarted = await startTestHost({ dataDir });
    try {
      const hits = restarted.core.chat.history.search('aubergine');
      expect(hits.map((hit) => hit.conversationId)).toContain(conversationId);
    } finally {
      await restarted.core.dispose();
      await restarted.close();
    }
  });
});
