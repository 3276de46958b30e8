import { describe, expect, it } from 'vitest';
import {
  lineAndColumn,
  parseJsonText,
  stripJsonc,
} from '../../../electron/core/mcp/importExport/jsonc';
import { findJsonSyntaxError } from '../../../electron/core/mcp/importExport/jsonSyntax';

describe('stripJsonc', () => {
  it('blanks line and block comments but keeps every offset and line break', () => {
    const text = '{ // note\n  "a": /* inline */ 1\n}';
    const stripped = stripJsonc(text);
    expect(stripped).toHaveLength(text.length);
    expect(stripped.split('\n')).toHaveLength(3);
    expect(JSON.parse(stripped)).toEqual({ a: 1 });
  });

  it('leaves comment-like text and escaped quotes inside strings alone', () => {
    const text = '{"url": "https://a.example.com/*x*/", "quote": "say \\"//hi\\""}';
    expect(stripJsonc(text)).toBe(text);
  });

  it('removes trailing commas before a closing brace or bracket, even after a comment', () => {
    expect(JSON.parse(stripJsonc('{"a": [1, 2,], "b": {"c": 3, // last\n},}'))).toEqual({
      a: [1, 2],
      b: { c: 3 },
    });
  });

  it('keeps a comma that follows no value, so the parse still fails on it', () => {
    expect(stripJsonc('{,}')).toBe('{,}');
    expect(stripJsonc('[1,,]')).toBe('[1,,]');
  });

  it('keeps a comma inside a string that is followed by a brace', () => {
    expect(JSON.parse(stripJsonc('{"a": ",}"}'))).toEqual({ a: ',}' });
  });
});

describe('parseJsonText', () => {
  it('points at the right line and column in a file with comments', () => {
    expect(parseJsonText('// header\n{\n  "a": 1 /* c */ "b": 2\n}')).toEqual({
      ok: false,
      error: 'expected “,” or “}” but found “"” (line 3, column 18).',
    });
  });

  it('points at an unclosed block comment rather than the end of the file', () => {
    expect(parseJsonText('{"a": 1 /* never closed }')).toEqual({
      ok: false,
      error: 'expected “,” or “}” but found “/” (line 1, column 9).',
    });
  });

  it('counts the line and column after a byte order mark as an editor would', () => {
    expect(parseJsonText('\uFEFF{,}')).toEqual({
      ok: false,
      error: 'expected a property name in double quotes but found “,” (line 1, column 2).',
    });
  });
});

describe('findJsonSyntaxError', () => {
  it('finds nothing wrong with valid JSON', () => {
    expect(findJsonSyntaxError('{"a": [1, -2.5e3, true, null, "x\\u00e9"]}')).toBeUndefined();
  });

  it('reports an unclosed string where it opens', () => {
    expect(findJsonSyntaxError('{"a": "abc')).toEqual({
      message: 'a text value is not closed with “"”',
      offset: 6,
    });
  });

  it('reports text after the value', () => {
    expect(findJsonSyntaxError('{} {}')?.message).toBe(
      'expected nothing more after the value but found “{”',
    );
  });

  it('reports a misspelt literal', () => {
    expect(findJsonSyntaxError('{"a": tru}')).toEqual({
      message: 'expected a value but found “t”',
      offset: 6,
    });
  });

  it('stops at absurd nesting instead of overflowing the stack', () => {
    expect(findJsonSyntaxError('['.repeat(100_000))?.message).toBe(
      'expected less deeply nested values but found “[”',
    );
  });
});

describe('lineAndColumn', () => {
  it('counts from one', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
