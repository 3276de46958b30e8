import { afterEach, describe, expect, it } from 'vitest';
import { lengthLimited, plainAnswer, serverBusy, unparsedToolCall } from '../fixtures/fakeOllama';
import type { ChatRequestBody, Turn } from '../fixtures/fakeOllama/types';
import { startChatHarness, type ChatHarness } from '../support/chatHarness';
import { tempDir } from '../support/testHost';

// What a turn's end said is kept with the turn: after Hearth starts again, the conversation's
// last message carries the notice of a reply cut off or left empty, or a failed turn's words,
// exactly as the page was told live; a later turn's end replaces it as the last word.
let chat: ChatHarness | undefined;

afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

function byLastMessage(request: ChatRequestBody): Turn {
  const text = request.messages?.at(-1)?.content ?? '';
  if (text.includes('long')) return lengthLimited('The first half of a long answer');
  if (text.includes('empty')) return unparsedToolCall();
  if (text.includes('busy')) return serverBusy();
  return plainAnswer('A whole answer.');
}

describe('the end of a turn, kept in the history', () => {
  it('comes back with the conversation after a restart, as it was said live', async () => {
    const dataDir = tempDir('turn-endings');
    chat = await startChatHarness({ script: byLastMessage, dataDir });
    const cases: { text: string; state: string; problem?: string; words: RegExp }[] = [
      { text: 'Write something long', state: 'done', problem: 'reply-cut', words: /cut off/ },
      { text: 'Say nothing, empty', state: 'done', problem: 'reply-empty', words: /empty reply/ },
      { text: 'You are busy', state: 'failed', words: /busy/i },
    ];
    const live: { conversationId: string; status: Record<string, unknown> }[] = [];
    for (const { text } of cases) live.push(await chat.turn(text));
    await chat.close();

    chat = await startChatHarness({ script: byLastMessage, dataDir });
    for (const [index, { state, problem, words }] of cases.entries()) {
      const said = live[index];
      if (!said) throw new Error('no turn');
      expect(said.status).toMatchObject({ state, ...(problem ? { problem } : {}) });
      const reopened = await chat.api.conversations.get(said.conversationId, { lastMessages: 50 });
      const ending = reopened?.messages.at(-1)?.ending;
      expect(ending).toEqual({
        state,
        message: said.status.message,
        ...(said.status.problem ? { problem: said.status.problem } : {}),
      });
      expect(ending?.message).toMatch(words);
    }
  });

  it('is no longer the last word once the next turn has answered', async () => {
    chat = await startChatHarness({ script: byLastMessage });
    const cut = await chat.turn('Write something long');
    expect(cut.status).toMatchObject({ problem: 'reply-cut' });
    const whole = await chat.turn('Now a whole one', cut.conversationId);
    expect(whole.status).toMatchObject({ state: 'done' });
    const conversation = await chat.api.conversations.get(cut.conversationId);
    const endings = conversation?.messages.filter((message) => message.ending) ?? [];
    expect(endings.map((message) => message.ending?.problem)).toEqual(['reply-cut']);
    expect(conversation?.messages.at(-1)?.ending).toBeUndefined();
  });
});
