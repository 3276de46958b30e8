import { describe, expect, it } from 'vitest';
import { MAX_TITLE_LENGTH, titleFrom } from '../../../electron/core/history/titles';

describe('titleFrom', () => {
  it('takes a short first line as it is', () => {
    expect(titleFrom('What is the weather in Oslo?')).toBe('What is the weather in Oslo?');
  });

  it('uses the first line with words in it and collapses its whitespace', () => {
    expect(titleFrom('\n   \n  Fix   the\tbuild  \nIt fails on CI')).toBe('Fix the build');
  });

  it('cuts a long line at a word boundary and marks the cut', () => {
    const text =
      'Please summarise the attached quarterly report and list the three biggest risks for us';
    const title = titleFrom(text);
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(title).toBe('Please summarise the attached quarterly report and list the…');
  });

  it('keeps a line of exactly the maximum length whole', () => {
    const text = 'x'.repeat(MAX_TITLE_LENGTH);
    expect(titleFrom(text)).toBe(text);
  });

  it('keeps the last whole word when the cut falls just before a space', () => {
    // 'word ' x 11 + 'word' fills the 59 characters before the ellipsis; a space comes next.
    const words = `${'word '.repeat(12)}more`;
    expect(titleFrom(words)).toBe(`${'word '.repeat(12).trim()}…`);
  });

  it('cuts one very long word mid-word rather than leaving nothing', () => {
    const title = titleFrom('https://example.com/' + 'segment/'.repeat(20));
    expect(Array.from(title)).toHaveLength(MAX_TITLE_LENGTH);
    expect(title.endsWith('…')).toBe(true);
  });

  it('counts characters, not UTF-16 units, so emoji are never split', () => {
    const title = titleFrom('😀'.repeat(100));
    expect(Array.from(title)).toHaveLength(MAX_TITLE_LENGTH);
    expect(title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('is empty for text without words', () => {
    expect(titleFrom('  \n\t ')).toBe('');
  });
});
