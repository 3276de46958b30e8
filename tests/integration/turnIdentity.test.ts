import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer } from '../fixtures/fakeOllama';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';

// Over the bridge: the client names the turn before sending, every event of the turn carries
// that id (the first status and the saved messages included), and Stop stops only the turn it
// names, so a Stop sent late never stops the next turn.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const TURN = '6f1c2f9e-2f7a-4d39-9d1b-3a5c1b2e4f10';
const NEXT = '0b7e2a31-5c44-4b8e-a0f2-9e1d3c6b7a58';

describe('turn identity on the bridge', () => {
  it('puts the client’s turn id on every event of the turn, saved messages included', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Hello there.')] });
    const sent = await chat.api.chat.send({ text: 'hi', turnId: TURN });
    expect(sent.turnId).toBe(TURN);
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === TURN && payload.state === 'done',
    );
    const ofTurn = chat.events.filter((event) =>
      ['chat:status', 'chat:delta', 'chat:message'].includes(event.channel),
    );
    expect(ofTurn.length).toBeGreaterThan(3);
    expect(ofTurn.every((event) => (event.payload as { turnId?: string }).turnId === TURN)).toBe(
      true,
    );
    expect(ofTurn.filter((event) => event.channel === 'chat:message')).toHaveLength(2);
  });

  it('stops only the turn a Stop names', async () => {
    chat = await startChatHarness({
      script: [
        { content: 'one two three', tokenDelayMs: 20 },
        { content: 'a slow and long second answer to stop', tokenDelayMs: 150 },
      ],
    });
    const { conversationId } = await chat.api.chat.send({ text: 'first', turnId: TURN });
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === TURN && payload.state === 'done',
    );
    await chat.api.chat.send({ conversationId, text: 'second', turnId: NEXT });
    await chat.next('chat:delta', (payload) => payload.turnId === NEXT);
    // A late Stop for the first turn: the second goes on.
    expect(await chat.api.chat.stop(conversationId, TURN)).toBe(false);
    expect(await chat.api.chat.stop(conversationId, NEXT)).toBe(true);
    const ended = await chat.next(
      'chat:status',
      (payload) => payload.turnId === NEXT && ['stopped', 'done'].includes(String(payload.state)),
    );
    expect(ended.state).toBe('stopped');
  });

  it('retries with a turn id of the client’s over the WebSocket, with no new text', async () => {
    chat = await startChatHarness({ script: [plainAnswer('One.'), plainAnswer('Two.')] });
    const { conversationId } = await chat.api.chat.send({ text: 'count', turnId: TURN });
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === TURN && payload.state === 'done',
    );
    // The skipped text crosses the WebSocket as null.
    const retried = await chat.api.chat.resend(conversationId, undefined, NEXT);
    expect(retried.turnId).toBe(NEXT);
    await chat.next(
      'chat:status',
      (payload) => payload.turnId === NEXT && payload.state === 'done',
    );
    const messages = (await chat.api.conversations.get(conversationId))?.messages ?? [];
    expect(messages.map((message) => message.content)).toEqual(['count', 'Two.']);
  });

  it('refuses a turn id already running', async () => {
    chat = await startChatHarness({
      script: [{ content: 'a slow answer that keeps going for a while', tokenDelayMs: 150 }],
    });
    await chat.api.chat.send({ text: 'one', turnId: TURN });
    await expect(chat.api.chat.send({ text: 'two', turnId: TURN })).rejects.toThrow(
      /already in use/,
    );
  });
});
