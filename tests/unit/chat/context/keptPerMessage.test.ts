import { describe, expect, it } from 'vitest';
import {
  CHARS_PER_TOKEN,
  dropOldestTurns,
  MESSAGE_OVERHEAD_TOKENS,
} from '../../../../electron/core/chat/context/dropOldestTurns';
import { toOllamaMessages } from '../../../../electron/core/chat/context/ollamaMessages';
import { toolImagesAttachment } from '../../../../electron/core/chat/toolCall/toolImages';
import type { StoredMessage } from '../../../../electron/core/history/types';

// A turn sends the same saved messages round after round: their wire form and token count are
// kept with each message, so a round converts and counts only what is new. What a message is
// sent as still follows the message and the model, never an older copy.
const at = '2026-01-01T00:00:00.000Z';
const question: StoredMessage = { id: 1, role: 'user', content: 'show it', createdAt: at };
const asked: StoredMessage = {
  id: 2,
  role: 'assistant',
  content: '',
  toolCalls: [
    { id: 'c1', server: 's', tool: 'look', modelName: 's_look', arguments: {}, modelCallId: 'x1' },
  ],
  createdAt: at,
};
const result: StoredMessage = {
  id: 3,
  role: 'tool',
  content: 'one picture',
  toolCallId: 'c1',
  toolName: 's_look',
  attachments: [
    toolImagesAttachment({ server: 's', tool: 'look' }, [
      { mimeType: 'image/png', data: 'AAAA', bytes: 3 },
    ]),
  ],
  createdAt: at,
};

describe('saved messages as the model gets them, kept per message', () => {
  it('gives the same wire message for the same saved message in the next round', () => {
    const first = toOllamaMessages([question, asked, result], true);
    const next = toOllamaMessages([question, asked, result, { ...question, id: 4 }], true);
    expect(next.slice(0, 3)).toEqual(first);
    next.slice(0, 3).forEach((message, index) => expect(message).toBe(first[index]));
    expect(first[2]).toMatchObject({ images: ['AAAA'], tool_call_id: 'x1' });
  });

  it('converts again for a model that sees differently, or a message that changed', () => {
    const seeing = toOllamaMessages([question, asked, result], true);
    const blind = toOllamaMessages([question, asked, result], false);
    expect(blind[2]).not.toHaveProperty('images');
    expect(blind[2]?.content).toContain('The images of this result are not included');
    expect(seeing[2]).toHaveProperty('images');
    const edited = toOllamaMessages([{ ...question, content: 'show it bigger' }], true);
    expect(edited[0]?.content).toBe('show it bigger');
  });

  it('counts a message once, and a changed message anew', () => {
    const long = { role: 'user', content: 'x'.repeat(700) };
    const fit = (messages: { role: string; content: string }[]) =>
      dropOldestTurns({
        system: '',
        messages,
        toolsJson: '',
        toolsTokens: 0,
        contextTokens: Number.POSITIVE_INFINITY,
        replyReserveTokens: 0,
      }).estimatedTokens;
    const once = fit([long]);
    expect(fit([long])).toBe(once);
    expect(once).toBe(2 * MESSAGE_OVERHEAD_TOKENS + Math.ceil(700 / CHARS_PER_TOKEN));
    expect(fit([{ ...long, content: 'x'.repeat(1_400) }])).toBe(
      2 * MESSAGE_OVERHEAD_TOKENS + Math.ceil(1_400 / CHARS_PER_TOKEN),
    );
  });

  it('asks a tokenizer of its own every time', () => {
    const message = { role: 'user', content: 'hello there' };
    let asked = 0;
    const countTokens = (text: string) => {
      asked++;
      return text.length;
    };
    const input = {
      system: '',
      messages: [message],
      toolsJson: '',
      toolsTokens: 0,
      contextTokens: Number.POSITIVE_INFINITY,
      replyReserveTokens: 0,
      countTokens,
    };
    dropOldestTurns(input);
    const first = asked;
    dropOldestTurns(input);
    expect(asked).toBe(2 * first);
  });
});
