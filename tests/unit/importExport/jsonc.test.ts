import { describe, expect, it } from 'vitest';
import { lineAndColumn, parseJsonText } from '../../../electron/core/mcp/config/importExport/jsonc';

const value = (text: string) => {
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};
const error = (text: string) => {
  const parsed = parseJsonText(text);
  return parsed.ok ? undefined : parsed.error;
};

describe('reading JSONC', () => {
  it('reads line and block comments', () => {
    expect(value('{ // note\n  "a": /* inline */ 1\n}')).toEqual({ a: 1 });
  });

  it('leaves comment-like text and escaped quotes inside strings alone', () => {
    expect(value('{"url": "https://a.example.com/*x*/", "quote": "say \\"//hi\\""}')).toEqual({
      url: 'https://a.example.com/*x*/',
      quote: 'say "//hi"',
    });
  });

  it('accepts trailing commas before a closing brace or bracket, even after a comment', () => {
    expect(value('{"a": [1, 2,], "b": {"c": 3, // last\n},}')).toEqual({
      a: [1, 2],
      b: { c: 3 },
    });
    expect(value('{"a": ",}"}')).toEqual({ a: ',}' });
  });

  it('refuses a comma that follows no value', () => {
    expect(error('{,}')).toBe(
      'expected a property name in double quotes but found “,” (line 1, column 2).',
    );
    expect(error('[1,,]')).toBe('expected a value but found “,” (line 1, column 4).');
  });

  it('keeps a key named __proto__ as data, as JSON.parse does', () => {
    const parsed = value('{"__proto__": {"command": "evil"}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(parsed.command).toBeUndefined();
    expect(Object.keys(parsed)).toEqual(['__proto__']);
  });
});

describe('where a file is not JSON', () => {
  it('points at the right line and column in a file with comments', () => {
    expect(error('// header\n{\n  "a": 1 /* c */ "b": 2\n}')).toBe(
      'expected “,” or “}” but found “"” (line 3, column 18).',
    );
  });

  it('points at an unclosed block comment rather than the end of the file', () => {
    expect(error('{"a": 1 /* never closed }')).toBe(
      'a comment is not closed with “*/” (line 1, column 9).',
    );
  });

  it('counts the line and column after a byte order mark as an editor would', () => {
    expect(error('\uFEFF{,}')).toBe(
      'expected a property name in double quotes but found “,” (line 1, column 2).',
    );
  });

  it('reports an unclosed string where it opens', () => {
    expect(error('{"a": "abc')).toBe('a text value is not closed with “"” (line 1, column 7).');
  });

  it('reports text after the value, a misspelt literal, a missing comma in an array', () => {
    expect(error('{} {}')).toBe(
      'expected nothing more after the value but found “{” (line 1, column 4).',
    );
    expect(error('{"a": tru}')).toBe('expected a value but found “t” (line 1, column 7).');
    expect(error('[1 2]')).toBe('expected “,” or “]” but found “2” (line 1, column 4).');
    expect(error('{"a" 1}')).toBe(
      'expected “:” after the property name but found “1” (line 1, column 6).',
    );
  });

  it('says an empty file is empty', () => {
    expect(error('  \n')).toBe('the file is empty.');
  });

  it('stops at absurd nesting instead of overflowing the stack', () => {
    expect(error('['.repeat(100_000))).toMatch(
      /^expected less deeply nested values but found “\[” \(line 1, column 513\)\.$/,
    );
  });

  it('never repeats more of the file than the character it found', () => {
    const message = error('{"token": "sk-secret-value" "next": 1}') ?? '';
    expect(message).not.toContain('secret');
  });
});

describe('lineAndColumn', () => {
  it('counts from one', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
