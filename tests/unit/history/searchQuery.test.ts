import { describe, expect, it } from 'vitest';
import { MAX_QUERY_TERMS, toSearchExpression } from '../../../electron/core/history/searchQuery';

describe('toSearchExpression', () => {
  it('quotes each word and matches the last one as a prefix', () => {
    expect(toSearchExpression('weather oslo')).toBe('"weather" "oslo"*');
  });

  it('doubles quotes inside a word so it stays one string', () => {
    expect(toSearchExpression('say "hi"')).toBe('"say" """hi"""*');
  });

  it('turns operators and syntax into plain quoted text', () => {
    expect(toSearchExpression('a NEAR b OR NOT c* (d)')).toBe(
      '"a" "NEAR" "b" "OR" "NOT" "c*" "(d)"*',
    );
  });

  it('leaves out words made only of punctuation', () => {
    expect(toSearchExpression('hello -- !!! world')).toBe('"hello" "world"*');
  });

  it('gives nothing for a query of only punctuation or space', () => {
    expect(toSearchExpression('"*" -- ()  ')).toBeUndefined();
    expect(toSearchExpression('')).toBeUndefined();
  });

  it('keeps letters from any script', () => {
    expect(toSearchExpression('café 東京')).toBe('"café" "東京"*');
  });

  it(`uses at most ${MAX_QUERY_TERMS} words`, () => {
    const expression = toSearchExpression('word '.repeat(MAX_QUERY_TERMS + 10)) ?? '';
    expect(expression.match(/"word"/g)).toHaveLength(MAX_QUERY_TERMS);
  });
});
