import { describe, expect, it } from 'vitest';
import { expandAll, expandVariables } from '../../../electron/core/mcp/config/expandVariables';

describe('expandVariables', () => {
  it('replaces ${VAR} with its value from the environment', () => {
    expect(expandVariables('--token=${TOKEN}', { TOKEN: 'abc' })).toEqual({
      value: '--token=abc',
      missing: [],
    });
  });

  it('reports a variable that is not set and leaves its place empty', () => {
    expect(expandVariables('a${NOPE}b', {})).toEqual({ value: 'ab', missing: ['NOPE'] });
  });

  it('keeps $${VAR} as the literal text ${VAR}, without looking it up', () => {
    expect(expandVariables('$${HOME}', { HOME: '/users/someone' })).toEqual({
      value: '${HOME}',
      missing: [],
    });
    expect(expandVariables('$${UNSET}', {})).toEqual({ value: '${UNSET}', missing: [] });
  });

  it('leaves $VAR without braces untouched', () => {
    expect(expandVariables('$HOME/bin and $', { HOME: '/users/someone' }).value).toBe(
      '$HOME/bin and $',
    );
  });

  it('expands adjacent variables', () => {
    expect(expandVariables('${A}${B}-${A}', { A: '1', B: '2' }).value).toBe('12-1');
  });

  it('uses an empty value as set, not as missing', () => {
    expect(expandVariables('[${EMPTY}]', { EMPTY: '' })).toEqual({ value: '[]', missing: [] });
  });

  it('leaves names that are not valid variable names as written', () => {
    expect(expandVariables('${1A} ${A-B} ${}', { A: 'x' }).value).toBe('${1A} ${A-B} ${}');
  });
});

describe('expandAll', () => {
  it('expands every text and collects each missing variable once', () => {
    const result = expandAll(['${A}/${GONE}', '${GONE}${OTHER}', '${A}'], { A: 'a' });
    expect(result.values).toEqual(['a/', '', 'a']);
    expect(result.missing).toEqual(['GONE', 'OTHER']);
  });

  it('collects a variable missing twice in one text once', () => {
    expect(expandAll(['${X}${X}'], {}).missing).toEqual(['X']);
  });

  it('returns no values for no texts', () => {
    expect(expandAll([], { A: 'a' })).toEqual({ values: [], missing: [] });
  });
});
