import { describe, expect, it } from 'vitest';
import { sizeWindow } from '../../../../electron/core/chat/context/numCtx';
import { toOllamaMessages } from '../../../../electron/core/chat/context/ollamaMessages';
import { fitConversation } from '../../../../electron/core/chat/context/fitConversation';
import { recentWindow } from '../../../../electron/core/chat/context/recentWindow';
import type { StoredMessage } from '../../../../electron/core/history/types';

// A request converts and counts only the recent part of a long conversation it could hold. What
// it sends must be what converting and fitting all of it gives: the same messages, the same
// num_ctx, the same count of messages left out.
const at = '2026-01-01T00:00:00.000Z';

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

function text(next: (below: number) => number): string {
  const words = ['notes', 'файл', '東京', 'build 🚀', 'the', 'result', 'x'.repeat(200)];
  return Array.from({ length: next(60) }, () => words[next(words.length)]).join(' ');
}

/** Turns of a question, some tool calls with their results, an answer; now and then a system note. */
function conversation(next: (below: number) => number, turns: number): StoredMessage[] {
  const messages: StoredMessage[] = [];
  const add = (message: Omit<StoredMessage, 'id' | 'createdAt'>) =>
    messages.push({ ...message, id: messages.length + 1, createdAt: at } as StoredMessage);
  if (next(4) === 0) add({ role: 'assistant', content: `Hello. ${text(next)}` });
  for (let turn = 0; turn < turns; turn++) {
    add({ role: 'user', content: text(next) });
    if (next(10) === 0) add({ role: 'system', content: text(next) });
    for (let round = next(3); round > 0; round--) {
      const ids = Array.from({ length: 1 + next(2) }, (_, index) => `c${turn}-${round}-${index}`);
      add({
        role: 'assistant',
        content: next(2) ? '' : text(next),
        toolCalls: ids.map((id) => ({
          id,
          server: 'files',
          tool: 'read',
          modelName: 'files_read',
          arguments: { path: text(next).slice(0, 30) },
        })),
      });
      for (const id of ids)
        add({ role: 'tool', content: text(next), toolCallId: id, toolName: 'files_read' });
    }
    add({ role: 'assistant', content: text(next) });
  }
  return messages;
}

describe('the recent part of a conversation a request converts', () => {
  it('sends what fitting the whole conversation sends, over 400 random conversations', () => {
    let cut = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed);
      const messages = conversation(next, 1 + next(60));
      const input = {
        system: text(next),
        toolsJson: JSON.stringify([{ name: 'files_read', description: text(next) }]),
        fixedContextTokens: next(5) === 0 ? 2_048 + next(8_000) : 0,
        capTokens: 1_024 + next(20_000),
        modelMaxTokens: 4_096 + next(40_000),
        ...(next(3) === 0 ? { floorTokens: next(16_000) } : {}),
      };
      const vision = next(2) === 0;
      const whole = sizeWindow({ ...input, messages: toOllamaMessages(messages, vision) });
      const recent = fitConversation({ ...input, messages, vision });
      expect({ seed, ...recent }).toEqual({ seed, ...whole });
      if (recentWindow(messages, 0).cut) cut++;
    }
    expect(cut).toBeGreaterThan(100);
  });

  it('is the whole conversation when all of it fits, and otherwise starts a turn', () => {
    const next = random(7);
    const messages = conversation(next, 40);
    expect(recentWindow(messages, Number.MAX_SAFE_INTEGER)).toEqual({
      cut: false,
      messages,
      leftOut: 0,
    });
    const recent = recentWindow(messages, 2_000);
    expect(recent.cut).toBe(true);
    expect(recent.messages[0]?.role).toBe('user');
    expect(recent.leftOut).toBe(
      messages.length -
        recent.messages.length -
        messages
          .slice(0, messages.length - recent.messages.length)
          .filter((message) => message.role === 'system').length,
    );
  });

  it('leaves out a result whose call comes before it, and counts it left out', () => {
    const call: StoredMessage = {
      id: 2,
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'late', server: 'files', tool: 'read', modelName: 'files_read', arguments: {} },
      ],
      createdAt: at,
    };
    const messages: StoredMessage[] = [
      { id: 1, role: 'user', content: 'read it', createdAt: at },
      call,
      { id: 3, role: 'user', content: 'x'.repeat(4_000), createdAt: at },
      { id: 4, role: 'user', content: 'and now?', createdAt: at },
      // A task's result that came after a restart: saved later than its call.
      { id: 5, role: 'tool', content: 'done at last', toolCallId: 'late', createdAt: at },
      { id: 6, role: 'assistant', content: 'It finished.', createdAt: at },
    ];
    const recent = recentWindow(messages, 100);
    expect(recent.messages.map((message) => message.id)).toEqual([3, 4, 6]);
    expect(recent.leftOut).toBe(3);
  });
});
