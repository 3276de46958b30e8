import { describe, expect, it } from 'vitest';
import {
  jsonBeginning,
  jsonLongerThan,
  MAX_JSON_DEPTH,
} from '../../../electron/core/mcp/offerings/boundedJson';
import { StreamedLine } from '../../../electron/core/mcp/transport/streamedLine';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters JSON must escape, surrogate pairs, a lone surrogate, Latin and CJK letters. */
const ALPHABET = ['a', 'é', '"', '\\', '\n', '\u0001', '\u2028', '😀', '\ud800', '中', '/', ' '];

function valueOf(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 5 : 8));
  const text = (length: number) =>
    Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return [0, -1.5, 1e21, 3.14159, Number.NaN, -0][Math.floor(next() * 6)];
    case 3:
      return text(Math.floor(next() * 20));
    case 4:
      return undefined;
    case 5:
    case 6:
      return Array.from({ length: Math.floor(next() * 5) }, () => valueOf(next, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 5) }, () => [
          text(Math.floor(next() * 6)),
          valueOf(next, depth + 1),
        ]),
      );
  }
}

describe('the beginning of a value as JSON', () => {
  it('is what JSON.stringify writes, cut at the limit, with its whole length', () => {
    const next = random(7);
    for (let run = 0; run < 500; run++) {
      const value = valueOf(next, 0);
      const whole = JSON.stringify(value) ?? '';
      for (const limit of [0, 1, 7, 40, 10_000]) {
        const { text, length } = jsonBeginning(value, limit);
        expect(text).toBe(whole.slice(0, limit));
        expect(length).toBe(whole.length);
      }
    }
  });

  it('writes long strings as JSON.stringify does, across its windows', () => {
    // A pair split by a 64 KB window would be escaped as two lone halves.
    const long = `${'a'.repeat(64 * 1024 - 1)}😀"\n${'中'.repeat(70_000)}`;
    const value = { long, list: [long] };
    const whole = JSON.stringify(value);
    expect(jsonBeginning(value, Number.MAX_SAFE_INTEGER)).toEqual({
      text: whole,
      length: whole.length,
    });
    expect(jsonBeginning(value, 12_000)).toEqual({
      text: whole.slice(0, 12_000),
      length: whole.length,
    });
  });

  it('reads a long string parsed from the wire from its pieces', () => {
    const items = Array.from({ length: 3 }, (_, index) => `${index}`.repeat(600_000));
    const line = JSON.stringify({ structuredContent: { items } });
    const parsed = new StreamedLine();
    const bytes = Buffer.from(line);
    for (let at = 0; at < bytes.length; at += 50_000) parsed.write(bytes.subarray(at, at + 50_000));
    const { structuredContent } = parsed.end() as { structuredContent: { items: string[] } };
    const { text, length } = jsonBeginning(structuredContent, 100);
    expect(text).toBe(JSON.stringify(structuredContent).slice(0, 100));
    expect(length).toBe(JSON.stringify(structuredContent).length);
  });

  it('tells whether the JSON is longer than a length, as JSON.stringify would', () => {
    const value = { items: Array.from({ length: 1_000 }, (_, index) => ({ index, name: 'é"' })) };
    const length = JSON.stringify(value).length;
    expect(jsonLongerThan(value, length - 1)).toBe(true);
    expect(jsonLongerThan(value, length)).toBe(false);
    expect(jsonLongerThan(value, 10)).toBe(true);
  });

  it('says nothing for what JSON.stringify leaves unwritten', () => {
    expect(jsonBeginning(undefined, 10)).toEqual({ text: '', length: 0 });
    expect(jsonBeginning(() => 1, 10)).toEqual({ text: '', length: 0 });
  });

  it('writes a value nested deeper than its limit as null instead of running out of stack', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    const { text, length } = jsonBeginning(deep, 20);
    expect(text).toBe('['.repeat(20));
    expect(length).toBe(MAX_JSON_DEPTH * 2 + 'null'.length);
  });
});
