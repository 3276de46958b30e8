import { describe, expect, it } from 'vitest';
import { buildBm25Index, editDistance } from '../../../../electron/core/chat/toolSelection/bm25';
import { stem, terms, words } from '../../../../electron/core/chat/toolSelection/textTerms';
import type { RankableTool } from '../../../../electron/core/chat/toolSelection/toolText';

function tool(modelName: string, description: string, parameters: string[] = []): RankableTool {
  return {
    modelName,
    tool: {
      name: modelName,
      description,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(parameters.map((name) => [name, { type: 'string' }])),
      },
    },
  };
}

const TOOLS = [
  tool('files_read_text_file', 'Read the complete contents of a file as text.', ['path']),
  tool('files_create_directory', 'Create a new directory.', ['path']),
  tool('github_create_issue', 'Create a new issue in a GitHub repository', ['owner', 'repo']),
  tool('slack_post_message', 'Post a new message to a Slack channel', ['channel_id', 'text']),
  tool('maps_directions', 'Get directions between two points', ['origin', 'destination']),
  tool('browserTakeScreenshot', 'Take a screenshot of the current page'),
];

function best(query: string): string | undefined {
  const scores = buildBm25Index(TOOLS).score(query);
  const top = scores.indexOf(Math.max(...scores));
  return scores[top] ? TOOLS[top]?.modelName : undefined;
}

describe('text terms', () => {
  it('splits camelCase, snake_case and kebab-case identifiers and folds accents', () => {
    expect(words('browserTakeScreenshot get_file-info HTTPServer Müße')).toEqual([
      'browser',
      'take',
      'screenshot',
      'get',
      'file',
      'info',
      'http',
      'server',
      'musse',
    ]);
  });

  it('stems plurals and -ing/-ed endings lightly', () => {
    expect(['files', 'directories', 'running', 'listed', 'class', 'status'].map(stem)).toEqual([
      'file',
      'directory',
      'run',
      'list',
      'class',
      'status',
    ]);
  });

  it('reads a web address as a URL and shell words as what they do', () => {
    expect(terms('open https://example.com/a?b=c in the browser')).toEqual([
      'read',
      'navigate',
      'browser',
    ]);
    expect(terms('mkdir assets')).toEqual(['create', 'directory', 'asset']);
    expect(terms('where is it located')).toEqual(['search']);
  });

  it('drops common words and maps synonyms, in several languages, onto one term', () => {
    expect(terms('Show me the folder')).toEqual(['read', 'directory']);
    expect(terms('zeig mir den Ordner')).toEqual(['read', 'directory']);
    expect(terms('le dossier')).toEqual(['directory']);
  });
});

describe('BM25 over tools', () => {
  it('ranks the tool whose name and description match the message first', () => {
    expect(best('post a message to the team channel')).toBe('slack_post_message');
    expect(best('file a bug ticket on github')).toBe('github_create_issue');
    expect(best('take a screenshot of this page')).toBe('browserTakeScreenshot');
  });

  it('understands other languages through the synonym table', () => {
    expect(best('crea una carpeta nueva')).toBe('files_create_directory');
    expect(best('lies die Datei notes.txt')).toBe('files_read_text_file');
  });

  it('tolerates typos in words no tool uses', () => {
    expect(best('screnshot please')).toBe('browserTakeScreenshot');
    expect(best('give me directoins to the airport')).toBe('maps_directions');
  });

  it('scores nothing when no word matches', () => {
    expect(
      buildBm25Index(TOOLS)
        .score('zzz qqq')
        .every((score) => score === 0),
    ).toBe(true);
  });

  it('counts edits with swaps as one, giving up past the limit', () => {
    expect(editDistance('screnshot', 'screenshot', 2)).toBe(1);
    expect(editDistance('direciton', 'direction', 2)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});
