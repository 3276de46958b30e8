import { describe, expect, it } from 'vitest';
import {
  CONTEXT_STEP,
  droppedNotice,
  estimateJsonTokens,
  JSON_CHARS_PER_TOKEN,
  MIN_CONTEXT,
  sizeWindow,
} from '../../../../electron/core/chat/context/numCtx';
import type { ChatMessageLike } from '../../../../electron/core/chat/context/dropOldestTurns';

const base = {
  system: 'You are helpful.',
  toolsJson: '[]',
  fixedContextTokens: 0,
  capTokens: 32_768,
  modelMaxTokens: 131_072,
};

/** A user message of about `tokens` estimated tokens (ASCII at 3.5 characters a token). */
const user = (tokens: number, label = ''): ChatMessageLike => ({
  role: 'user',
  content: `${label}${'x'.repeat(Math.round(tokens * 3.5))}`,
});

describe('sizing the context window', () => {
  it('asks for the minimum for a short conversation', () => {
    const sized = sizeWindow({ ...base, messages: [user(10)] });
    expect(sized.numCtx).toBe(MIN_CONTEXT);
    expect(sized.droppedMessages).toBe(0);
  });

  it('grows in whole steps to hold what is sent plus room for the reply', () => {
    const sized = sizeWindow({ ...base, messages: [user(12_000)] });
    expect(sized.numCtx % CONTEXT_STEP).toBe(0);
    expect(sized.numCtx).toBeGreaterThanOrEqual(sized.estimatedTokens + 1_024);
    expect(sized.numCtx - CONTEXT_STEP).toBeLessThan(sized.estimatedTokens + 1_024);
  });

  it("stays within the user's cap and the model's maximum, dropping the oldest turns", () => {
    const messages = [
      user(6_000, 'first'),
      { role: 'assistant', content: 'ok' },
      user(6_000, 'second'),
      { role: 'assistant', content: 'ok' },
      user(100, 'third'),
    ];
    expect(sizeWindow({ ...base, messages }).droppedMessages).toBe(0);
    const capped = sizeWindow({ ...base, capTokens: 12_288, messages });
    expect(capped.numCtx).toBe(12_288);
    expect(capped.droppedMessages).toBe(2);
    const small = sizeWindow({ ...base, modelMaxTokens: 6_144, messages });
    expect(small.numCtx).toBe(6_144);
    expect(small.droppedMessages).toBe(4);
    expect(small.messages.map((message) => message.content.slice(0, 5))).toEqual(['third']);
  });

  it('keeps a tool call with its result when dropping', () => {
    const messages: ChatMessageLike[] = [
      user(3_000, 'old'),
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'read' } }] },
      { role: 'tool', content: 'x'.repeat(10_000), tool_name: 'read' },
      { role: 'assistant', content: 'done' },
      user(100, 'new'),
    ];
    const sized = sizeWindow({ ...base, fixedContextTokens: 4_096, messages });
    expect(sized.numCtx).toBe(4_096);
    expect(sized.messages.map((message) => message.role)).toEqual(['user']);
    expect(sized.droppedMessages).toBe(4);
  });

  it("never shrinks below the conversation's last window, which would reload the model", () => {
    expect(sizeWindow({ ...base, floorTokens: 20_480, messages: [user(10)] }).numCtx).toBe(20_480);
    expect(
      sizeWindow({ ...base, floorTokens: 65_536, capTokens: 32_768, messages: [user(10)] }).numCtx,
    ).toBe(32_768);
    expect(
      sizeWindow({ ...base, floorTokens: 20_480, fixedContextTokens: 4_096, messages: [user(10)] })
        .numCtx,
    ).toBe(4_096);
  });

  it("takes the user's fixed window as it is, within the model's maximum", () => {
    expect(sizeWindow({ ...base, fixedContextTokens: 6_000, messages: [user(5)] }).numCtx).toBe(
      6_000,
    );
    expect(sizeWindow({ ...base, fixedContextTokens: 200_000, messages: [user(5)] }).numCtx).toBe(
      131_072,
    );
  });

  it('counts tool schemas at the JSON rate, and other scripts a token per character', () => {
    expect(estimateJsonTokens('x'.repeat(430))).toBe(Math.ceil(430 / JSON_CHARS_PER_TOKEN));
    expect(estimateJsonTokens('"日本語"')).toBe(1 + 3);
  });

  it('says how many messages were left out', () => {
    expect(droppedNotice(3)).toBe(
      "Oldest 3 messages not sent: the conversation is longer than the model's context.",
    );
    expect(droppedNotice(1)).toMatch(/^Oldest 1 message not sent/);
  });
});
