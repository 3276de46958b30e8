import { describe, expect, it } from 'vitest';
import {
  COLLAPSED_CHARS,
  COLLAPSED_LINES,
  collapsedText,
  isLongText,
} from '../../../../renderer/src/chat/messages/toolResult';

describe('a long text in a tool card', () => {
  it('collapses by lines, and by characters when it is one very long line', () => {
    const manyLines = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n');
    expect(isLongText(manyLines)).toBe(true);
    expect(collapsedText(manyLines).split('\n')).toHaveLength(COLLAPSED_LINES);

    const oneLine = 'x'.repeat(20_000);
    expect(isLongText(oneLine)).toBe(true);
    expect(collapsedText(oneLine)).toHaveLength(COLLAPSED_CHARS);

    const short = 'a few\nlines';
    expect(isLongText(short)).toBe(false);
    expect(collapsedText(short)).toBe(short);
  });
});
