import { describe, expect, it } from 'vitest';
import {
  LONG_TEXT_CHARS,
  LongText,
  longTextOf,
  rememberLongText,
  sliceOf,
} from '../../../electron/core/mcp/transport/longText';
import { streamed } from './streamedInPieces';

describe('long texts kept as their pieces', () => {
  it('read any range from the pieces as from the joined string', () => {
    const pieces = ['abc', '', 'defgh', 'i', 'jklmnop'];
    const whole = pieces.join('');
    const long = new LongText(pieces);
    expect(long.length).toBe(whole.length);
    for (const [start, end] of [
      [0, 0],
      [0, 3],
      [2, 9],
      [3, 8],
      [8, 9],
      [5, 100],
      [16, 20],
      [0, undefined],
    ] as const)
      expect(long.slice(start, end)).toBe(whole.slice(start, end));
  });

  it('are found by the string itself, only when long', () => {
    const pieces = ['x'.repeat(LONG_TEXT_CHARS), 'y'];
    let text = '';
    for (const piece of pieces) text += piece;
    rememberLongText(text, pieces);
    expect(longTextOf(text)?.length).toBe(text.length);
    expect(sliceOf(text, LONG_TEXT_CHARS - 1, LONG_TEXT_CHARS + 1)).toBe('xy');
    rememberLongText('short', ['sh', 'ort']);
    expect(longTextOf('short')).toBeUndefined();
    expect(sliceOf('short', 1, 3)).toBe('ho');
  });

  it('come out of a streamed line exact, escapes, multi-byte text and lone surrogates included', () => {
    const text =
      'héllo wörld ✓ 漢字 \u{1F600} "quoted" \\ back\n\t\u0001 \ud800 lone \udc00 end '.repeat(
        Math.ceil((2 * LONG_TEXT_CHARS) / 50),
      );
    const message = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }] } };
    const line = JSON.stringify(message);
    const value = streamed(line) as typeof message;
    expect(value).toEqual(JSON.parse(line));
    const parsed = value.result.content[0]?.text ?? '';
    const long = longTextOf(parsed);
    expect(long?.length).toBe(text.length);
    for (const start of [0, 65_000, 1_000_003, text.length - 10])
      expect(long?.slice(start, start + 70_000)).toBe(text.slice(start, start + 70_000));
  });

  it('leave short strings of a streamed line as they are', () => {
    const message = { a: 'short', b: 'z'.repeat(200_000), c: ['x', 1, true, null] };
    const value = streamed(JSON.stringify(message)) as typeof message;
    expect(value).toEqual(message);
    expect(longTextOf(value.b)).toBeUndefined();
  });
});
