import { describe, expect, it } from 'vitest';
import { fieldWords, nameInWords } from '../../../../renderer/src/servers/browse/fieldLabels';

describe('a registry field in words', () => {
  it('is labelled by the first sentence of its description when that is short', () => {
    expect(
      fieldWords({
        label: 'BRAVE_API_KEY',
        description: 'Your Brave Search API key. Get one at brave.com/search/api.',
      }),
    ).toEqual({ label: 'Your Brave Search API key', rest: 'Get one at brave.com/search/api.' });
  });

  it('puts the name in words when the description is missing, long or only the name', () => {
    expect(fieldWords({ label: 'MEMORY_FILE_PATH' }).label).toBe('Memory file path');
    expect(fieldWords({ label: 'db_type', description: 'db_type' }).label).toBe('DB type');
    const long = `Where ${'the server keeps its files and more '.repeat(4)}.`;
    expect(fieldWords({ label: 'DATA_DIR', description: long })).toEqual({
      label: 'Data dir',
      rest: long,
    });
  });

  it('keeps known abbreviations (API, URL) in capitals', () => {
    expect(nameInWords('BRAVE_API_KEY')).toBe('Brave API key');
    expect(nameInWords('--base-url')).toBe('Base URL');
    expect(nameInWords('GITHUB_API_URL')).toBe('Github API URL');
  });
});
