import { afterEach, describe, expect, it } from 'vitest';
import { plainAnswer, toolCall } from '../fixtures/fakeOllama';
import { addEverything, startChatHarness, type ChatHarness } from '../support/chatHarness';

// Versions through the real contract: an edit of any user message and a regenerated reply keep
// the old ones, the switcher shows another in place, and the model is sent only the branch on
// screen. Nothing in a branch left behind runs again when it is shown.
let chat: ChatHarness | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function ended(harness: ChatHarness, started: Promise<{ turnId: string }>) {
  const { turnId } = await started;
  return harness.next(
    'chat:status',
    (payload) =>
      payload.turnId === turnId && ['done', 'failed', 'stopped'].includes(String(payload.state)),
  );
}

const contents = async (harness: ChatHarness, id: string) =>
  ((await harness.api.conversations.get(id))?.messages ?? []).map((message) => message.content);

/** What the last chat request sent the model, system prompt left out. */
const lastSent = (harness: ChatHarness) =>
  (harness.ollama.chatRequests().at(-1)?.messages ?? [])
    .filter((message) => message.role !== 'system')
    .map((message) => message.content);

describe('versions of a conversation', () => {
  it('edits an earlier message into a branch of its own and sends the model only that branch', async () => {
    chat = await startChatHarness({
      script: [
        plainAnswer('Apples are red.'),
        plainAnswer('Pears are green.'),
        plainAnswer('Plums are purple.'),
      ],
    });
    const { conversationId } = await chat.turn('tell me about apples');
    await chat.turn('and pears?', conversationId);
    const first = (await chat.api.conversations.get(conversationId))?.messages[0];
    const status = await ended(
      chat,
      chat.api.chat.edit(conversationId, first?.id ?? -1, 'tell me about plums'),
    );
    expect(status.state).toBe('done');
    expect(await contents(chat, conversationId)).toEqual([
      'tell me about plums',
      'Plums are purple.',
    ]);
    // The request held the new branch alone: nothing of apples or pears.
    expect(lastSent(chat)).toEqual(['tell me about plums']);
    const shown = await chat.api.conversations.get(conversationId);
    expect(shown?.messages[0]?.versions).toEqual([first?.id, shown?.messages[0]?.id]);
    expect(shown?.messageCount).toBe(2);

    // ‹ 1/2 ›: the first version comes back with the branch it was continued on.
    const back = await chat.api.conversations.showVersion(conversationId, first?.id ?? -1);
    expect(back.messageCount).toBe(4);
    expect(await contents(chat, conversationId)).toEqual([
      'tell me about apples',
      'Apples are red.',
      'and pears?',
      'Pears are green.',
    ]);
  });

  it('regenerates a reply with another model for that reply only, and search opens either version', async () => {
    chat = await startChatHarness({
      script: [plainAnswer('A first aardvark answer.'), plainAnswer('A second answer.')],
      model: 'llama3.2',
    });
    const { conversationId } = await chat.turn('what is an aardvark?');
    const reply = (await chat.api.conversations.get(conversationId))?.messages[1];
    await ended(
      chat,
      chat.api.chat.regenerate(conversationId, reply?.id ?? -1, { model: 'qwen3:8b' }),
    );
    const shown = await chat.api.conversations.get(conversationId);
    expect(shown?.messages.map((message) => [message.content, message.model])).toEqual([
      ['what is an aardvark?', undefined],
      ['A second answer.', 'qwen3:8b'],
    ]);
    expect(shown?.messages[1]?.versions).toEqual([reply?.id, shown?.messages[1]?.id]);
    expect(shown?.model).toBe('llama3.2');
    expect(chat.ollama.chatRequests().map((request) => request.model)).toEqual([
      'llama3.2',
      'qwen3:8b',
    ]);
    // The regenerated request ended with the question, without the reply it replaces.
    expect(lastSent(chat)).toEqual(['what is an aardvark?']);

    const [hit] = await chat.api.conversations.search('aardvark answer');
    expect(hit?.messageId).toBe(reply?.id);
    await chat.api.conversations.showVersion(conversationId, hit?.messageId ?? -1);
    expect(await contents(chat, conversationId)).toEqual([
      'what is an aardvark?',
      'A first aardvark answer.',
    ]);
  });

  it('never runs a tool call again when its branch is shown again', async () => {
    chat = await startChatHarness({
      script: [
        toolCall('everything_echo', { message: 'ping' }),
        plainAnswer('The server said ping.'),
        plainAnswer('No tools this time.'),
      ],
    });
    await addEverything(chat);
    await chat.api.tools.configure('everything', 'echo', { approval: 'allow' });
    const { conversationId } = await chat.turn('echo ping please');
    const withCall = (await chat.api.conversations.get(conversationId))?.messages ?? [];
    expect(withCall.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    await ended(chat, chat.api.chat.regenerate(conversationId, withCall[3]?.id ?? -1));
    expect(await contents(chat, conversationId)).toEqual([
      'echo ping please',
      'No tools this time.',
    ]);

    const requests = chat.ollama.chatRequests().length;
    const cards = chat.events.filter((event) => event.channel === 'chat:toolCall').length;
    await chat.api.conversations.showVersion(conversationId, withCall[1]?.id ?? -1);
    const again = (await chat.api.conversations.get(conversationId))?.messages ?? [];
    expect(again.map((message) => message.id)).toEqual(withCall.map((message) => message.id));
    expect(again[1]?.toolCalls?.[0]?.outcome).toBe('done');
    // Shown, not run: no card moved, no request went to the model, no result was added.
    expect(chat.events.filter((event) => event.channel === 'chat:toolCall')).toHaveLength(cards);
    expect(chat.ollama.chatRequests()).toHaveLength(requests);
  });

  it('leaves the old reply on screen when the new one saved nothing', async () => {
    chat = await startChatHarness({ script: [plainAnswer('The first reply.')] });
    const { conversationId } = await chat.turn('hello');
    const reply = (await chat.api.conversations.get(conversationId))?.messages[1];
    const status = await ended(
      chat,
      chat.api.chat.regenerate(conversationId, reply?.id ?? -1, { model: 'not-installed:1b' }),
    );
    expect(status.state).toBe('failed');
    expect(await contents(chat, conversationId)).toEqual(['hello', 'The first reply.']);
  });

  it('refuses what is not a version to make, in one sentence, and changes nothing', async () => {
    chat = await startChatHarness({ script: [plainAnswer('Hello.')] });
    const { conversationId } = await chat.turn('hi');
    const [question, reply] = (await chat.api.conversations.get(conversationId))?.messages ?? [];
    await expect(chat.api.chat.edit(conversationId, reply?.id ?? -1, 'edited')).rejects.toThrow(
      'Only a message you wrote, shown here now, can be edited.',
    );
    await expect(chat.api.chat.regenerate(conversationId, question?.id ?? -1)).rejects.toThrow(
      'Only a reply shown here now can be written again.',
    );
    await expect(chat.api.conversations.showVersion(conversationId, 999_999)).rejects.toThrow(
      'That message is no longer part of this conversation.',
    );
    expect(await contents(chat, conversationId)).toEqual(['hi', 'Hello.']);
    expect(chat.ollama.chatRequests()).toHaveLength(1);
  });
});
