import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainAnswer, writtenCall, type ChatRequestBody } from '../fixtures/fakeOllama';
import { ECHO_CALLS } from '../fixtures/textCalls/echoCalls';
import { addEverything, startChatHarness, type ChatHarness } from '../support/chatHarness';

// Calls a model wrote as text, end to end: the fake Ollama streams the text as Ollama passes it
// on (content in pieces that split the markers, thinking beside it, no tool_calls); Hearth reads
// the call, asks the user, runs it on the real everything server and gives the model the result.
let chat: ChatHarness;
let written = '';
const script = (request: ChatRequestBody) =>
  request.messages?.at(-1)?.role === 'tool'
    ? plainAnswer('The server echoed ping.')
    : writtenCall(written, { thinking: 'The user wants an echo; the echo tool does that.' });

beforeAll(async () => {
  chat = await startChatHarness({ script, model: 'qwen3:8b' });
  await addEverything(chat);
}, 120_000);
afterAll(async () => {
  await chat.close();
});

describe('a call written as text', () => {
  it.each(ECHO_CALLS.map((call) => [call.family, call.text] as const))(
    '%s: is read, approved, run and answered',
    async (_family, text) => {
      written = text;
      const { conversationId, turnId } = await chat.api.chat.send({ text: 'echo ping please' });
      const approval = await chat.next(
        'approval:request',
        (payload) => payload.conversationId === conversationId,
      );
      expect(approval).toMatchObject({
        server: 'everything',
        tool: 'echo',
        arguments: { message: 'ping' },
      });
      expect(
        await chat.api.approval.respond(String(approval.requestId), { decision: 'once' }),
      ).toBe(true);
      const status = await chat.next(
        'chat:status',
        (payload) => payload.turnId === turnId && payload.state === 'done',
      );
      expect(status.state).toBe('done');
      // The card says where the call came from, with the text one click away.
      const card = await chat.next(
        'chat:toolCall',
        (payload) => payload.turnId === turnId && payload.state === 'done',
      );
      expect(card.fromText).toBeTruthy();
      expect(text).toContain(String(card.fromText));
      // The model gets the result, and its own call back as a call, not as text.
      const requests = chat.ollama.chatRequests();
      const followUp = requests[requests.length - 1]?.messages ?? [];
      const assistant = followUp.find((message) => message.role === 'assistant');
      expect(assistant?.tool_calls?.[0]?.function).toEqual({
        name: 'everything_echo',
        arguments: { message: 'ping' },
      });
      expect(assistant?.content).not.toContain('ping');
      expect(followUp.at(-1)).toMatchObject({ role: 'tool', content: 'Echo: ping' });
      // History keeps both: the words around the call, and the call with its text.
      const saved = await chat.api.conversations.get(conversationId);
      const reply = saved?.messages.find((message) => message.role === 'assistant');
      expect(reply?.toolCalls?.[0]).toMatchObject({ tool: 'echo', fromText: card.fromText });
      expect(reply?.content).not.toContain('ping');
    },
    60_000,
  );

  it('stays text when the switch for the model is off', async () => {
    written = ECHO_CALLS[0]?.text ?? '';
    await chat.api.settings.set({ chat: { readTextCalls: { 'qwen3:8b': false } } });
    try {
      const { conversationId, status } = await chat.turn('echo ping please');
      expect(status.state).toBe('done');
      const saved = await chat.api.conversations.get(conversationId);
      const reply = saved?.messages.find((message) => message.role === 'assistant');
      expect(reply?.content).toBe(written);
      expect(reply?.toolCalls).toBeUndefined();
    } finally {
      await chat.api.settings.set({ chat: { readTextCalls: {} } });
    }
  });
});

describe('arguments Ollama’s harmony parser could not read', () => {
  it('are repaired and used when they fit exactly one offered tool', async () => {
    const gptOss = await startChatHarness({
      model: 'gpt-oss:20b',
      models: {
        'gpt-oss:20b': { family: 'gptoss', capabilities: ['completion', 'tools', 'thinking'] },
      },
      script: (request) =>
        request.messages?.at(-1)?.role === 'tool'
          ? plainAnswer('Echoed.')
          : {
              thinking: 'Echo it.',
              // harmony/harmonyparser.go: json.Unmarshal fails on single quotes and the
              // trailing comma, and the stream ends with "error parsing tool call: raw='…'".
              toolCalls: [{ name: 'everything_echo', rawArguments: "{'message': 'ping',}" }],
            },
    });
    try {
      await addEverything(gptOss);
      await gptOss.api.tools.configure('everything', 'echo', { approval: 'allow' });
      const { conversationId, status } = await gptOss.turn('echo ping');
      expect(status.state).toBe('done');
      const saved = await gptOss.api.conversations.get(conversationId);
      const call = saved?.messages.find((message) => message.role === 'assistant')?.toolCalls?.[0];
      expect(call).toMatchObject({ tool: 'echo', outcome: 'done' });
      expect(saved?.messages.find((message) => message.role === 'tool')?.content).toBe(
        'Echo: ping',
      );
    } finally {
      await gptOss.close();
    }
  }, 120_000);
});
