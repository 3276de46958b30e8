/**
 * JSON text written a piece at a time, keeping only its beginning and counting its length:
 * what boundedJson.ts writes from a parsed value and structuredCut.ts from the tokens of a value
 * still arriving. A long string is escaped a window at a time, never copied whole (longText.ts).
 */
import { sliceOf } from './longText';

/** Strings are escaped in windows of this many characters: a long one is never copied whole. */
const WINDOW_CHARS = 64 * 1024;

/** Keeps the first `limit` characters written and counts all of them. */
export class Beginning {
  text = '';
  length = 0;
  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.text.length >= this.limit;
  }

  write(piece: string): void {
    if (!this.full) this.text += piece.slice(0, this.limit - this.text.length);
    this.length += piece.length;
  }

  /** Counts characters past the beginning without keeping them. */
  skip(count: number): void {
    this.length += count;
  }
}

/**
 * A string as JSON, escaped a window at a time: a long one (a chain of pieces read from the wire,
 * longText.ts) is never copied whole. Windows never split a surrogate pair, which would be escaped.
 */
export function writeJsonString(value: string, out: Beginning): void {
  if (value.length <= WINDOW_CHARS) return out.write(JSON.stringify(value));
  out.write('"');
  for (let start = 0; start < value.length;) {
    let end = Math.min(value.length, start + WINDOW_CHARS);
    const last = sliceOf(value, end - 1, end).charCodeAt(0);
    if (last >= 0xd800 && last <= 0xdbff && end < value.length) end += 1;
    const escaped = JSON.stringify(sliceOf(value, start, end));
    if (out.full) out.skip(escaped.length - 2);
    else out.write(escaped.slice(1, -1));
    start = end;
  }
  out.write('"');
}
