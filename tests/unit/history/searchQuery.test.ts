import { describe, expect, it } from 'vitest';
import { MAX_QUERY_TERMS, toSearchExpression } from '../../../electron/core/history/searchQuery';

describe('toSearchExpression', () => {
  it('quotes each word and matches the last one as a prefix', () => {
    expect(toSearchExpression('weather oslo')).toBe('"weather" "oslo"*');
  });

  it('doubles quotes inside a word so it stays one string', () => {
    expect(toSearchExpression('say "hello"')).toBe('"say" """hello"""*');
  });

  it('turns operators and syntax into plain quoted text', () => {
    expect(toSearchExpression('a NEAR b OR NOT c* (dee)')).toBe(
      '"a" "NEAR" "b" "OR" "NOT" "c*" "(dee)"*',
    );
  });

  it('matches a last word of one or two Latin letters whole, not as a prefix of most words', () => {
    expect(toSearchExpression('weather t')).toBe('"weather" "t"');
    expect(toSearchExpression('th')).toBe('"th"');
    expect(toSearchExpression('(d)')).toBe('"(d)"');
    expect(toSearchExpression('the')).toBe('"the"*');
    expect(toSearchExpression('42')).toBe('"42"');
  });

  it('keeps the prefix for short words in scripts the tokenizer does not split', () => {
    expect(toSearchExpression('東')).toBe('"東"*');
    expect(toSearchExpression('天気')).toBe('"天気"*');
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
