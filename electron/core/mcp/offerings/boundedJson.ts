/**
 * The beginning of a value's JSON and the JSON's whole length, without building the whole JSON.
 * A server's `structuredContent` can be as large as its message (128 MB): `JSON.stringify` of it
 * held a second copy as large as the result (twice as large for text outside Latin-1) only to
 * check its size or keep its first 12,000 characters. Values come parsed from the wire (plain
 * JSON data: no `toJSON`, no cycles), so the JSON is written here as `JSON.stringify` writes it.
 */
import { cutJsonOf } from '../transport/structuredCut';
import { Beginning, writeJsonString as writeString } from '../transport/jsonText';

export interface JsonBeginning {
  /** The first `limit` characters of `JSON.stringify(value)` (all of it when shorter). */
  text: string;
  /** The length of `JSON.stringify(value)`. */
  length: number;
}

/** Deeper than this is written as `null` (JSON.stringify would throw for lack of stack). */
export const MAX_JSON_DEPTH = 1_000;

type Frame =
  | { kind: 'array'; items: readonly unknown[]; next: number }
  | {
      kind: 'object';
      record: Record<string, unknown>;
      keys: string[];
      next: number;
      wrote: boolean;
    };

/** Whether `JSON.stringify(value)` is longer than `chars`; it stops counting past them. */
export function jsonLongerThan(value: unknown, chars: number): boolean {
  return jsonBeginning(value, 0, chars).length > chars;
}

/**
 * The first `limit` characters of the value's JSON and its length; with `stopPast`, the length
 * is counted only until it passes that many characters.
 */
export function jsonBeginning(
  value: unknown,
  limit: number,
  stopPast = Number.POSITIVE_INFINITY,
): JsonBeginning {
  const out = new Beginning(Math.max(0, limit));
  if (!isWritten(value)) return { text: '', length: 0 };
  // Structured content cut while it arrived: its beginning and length were kept instead.
  const cut = cutJsonOf(value);
  if (cut) return { text: cut.beginning.slice(0, Math.max(0, limit)), length: cut.length };
  const stack: Frame[] = [];
  // Writes a value, or opens a frame for an array or object (written item by item below).
  const open = (item: unknown) => {
    if (typeof item === 'string') return writeString(item, out);
    if (item === null || typeof item === 'number' || typeof item === 'boolean')
      return out.write(JSON.stringify(item));
    if (typeof item !== 'object' || stack.length >= MAX_JSON_DEPTH) return out.write('null');
    if (Array.isArray(item)) {
      out.write('[');
      stack.push({ kind: 'array', items: item, next: 0 });
      return;
    }
    out.write('{');
    // Keys only: a list of [key, value] pairs for a million-field object would be large itself.
    const record = item as Record<string, unknown>;
    stack.push({ kind: 'object', record, keys: Object.keys(record), next: 0, wrote: false });
  };
  open(value);
  for (let frame = stack.at(-1); frame && out.length <= stopPast; frame = stack.at(-1)) {
    if (frame.kind === 'array') {
      if (frame.next >= frame.items.length) {
        out.write(']');
        stack.pop();
        continue;
      }
      if (frame.next > 0) out.write(',');
      // JSON.stringify writes null for what it cannot write inside an array.
      const item = frame.items[frame.next++];
      open(isWritten(item) ? item : null);
    } else {
      if (frame.next >= frame.keys.length) {
        out.write('}');
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.next++] ?? '';
      const field = frame.record[key];
      // JSON.stringify leaves out the fields it cannot write.
      if (!isWritten(field)) continue;
      if (frame.wrote) out.write(',');
      frame.wrote = true;
      writeString(key, out);
      out.write(':');
      open(field);
    }
  }
  return { text: out.text, length: out.length };
}

/** Whether JSON.stringify writes an object field with this value (it leaves these out). */
function isWritten(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}
