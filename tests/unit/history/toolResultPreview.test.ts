import { describe, expect, it } from 'vitest';
import {
  previewOf,
  TOOL_RESULT_PREVIEW_CHARS,
  withToolResultPreviews,
} from '../../../electron/core/history/toolResultPreview';
import type { Conversation, StoredMessage } from '../../../electron/core/history/types';

const at = '2026-01-01T00:00:00.000Z';

function conversationOf(messages: StoredMessage[]): Conversation {
  return {
    id: 'c1',
    title: 'T',
    createdAt: at,
    updatedAt: at,
    messageCount: messages.length,
    options: {},
    messages,
  };
}

describe('tool results sent as their beginning', () => {
  it('leaves short text alone and cuts long text within the limit', () => {
    expect(previewOf('short')).toBe('short');
    const long = 'x'.repeat(TOOL_RESULT_PREVIEW_CHARS * 3);
    expect(previewOf(long)).toBe('x'.repeat(TOOL_RESULT_PREVIEW_CHARS));
  });

  it('ends at a line break near the limit, and never splits a character in two', () => {
    const lines = `${'a'.repeat(TOOL_RESULT_PREVIEW_CHARS - 100)}\n${'b'.repeat(500)}`;
    expect(previewOf(lines)).toBe('a'.repeat(TOOL_RESULT_PREVIEW_CHARS - 100));
    const emoji = `${'c'.repeat(TOOL_RESULT_PREVIEW_CHARS - 1)}😀${'d'.repeat(10)}`;
    const cut = previewOf(emoji);
    expect(cut).toBe('c'.repeat(TOOL_RESULT_PREVIEW_CHARS - 1));
    expect(/[\uD800-\uDBFF]$/.test(cut)).toBe(false);
  });

  it('shortens only long tool results, and says how long the whole is', () => {
    const big = 'line\n'.repeat(TOOL_RESULT_PREVIEW_CHARS);
    const messages: StoredMessage[] = [
      { id: 1, role: 'user', content: big, createdAt: at },
      { id: 2, role: 'tool', content: big, toolCallId: 'c', toolName: 't', createdAt: at },
      { id: 3, role: 'tool', content: 'small', toolCallId: 'd', toolName: 't', createdAt: at },
    ];
    const [user, long, small] = withToolResultPreviews(conversationOf(messages)).messages;
    expect(user).toBe(messages[0]);
    expect(small).toBe(messages[2]);
    expect(long?.fullLength).toBe(big.length);
    expect(long?.content.length).toBeLessThanOrEqual(TOOL_RESULT_PREVIEW_CHARS);
    expect(big.startsWith(long?.content ?? '-')).toBe(true);
  });
});
