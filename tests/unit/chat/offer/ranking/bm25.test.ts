import { describe, expect, it } from 'vitest';
import { buildBm25Index, editDistance } from '../../../../../electron/core/chat/offer/ranking/bm25';
import { intentWords } from '../../../../../electron/core/chat/offer/ranking/queryIntent';
import { stem, terms, words } from '../../../../../electron/core/chat/offer/ranking/textTerms';
import type { RankableTool } from '../../../../../electron/core/chat/offer/ranking/toolText';

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

/** A tool as the catalog names it: the server's name before the tool's own. */
function served(server: string, name: string, description: string): RankableTool {
  return {
    modelName: `${server}_${name}`,
    server,
    tool: { name, description, inputSchema: { type: 'object' } },
  };
}

/** The model name of the tool that scores best for the message. */
function topOf(tools: readonly RankableTool[], query: string): string | undefined {
  const scores = buildBm25Index(tools).score(query);
  return tools[scores.indexOf(Math.max(...scores))]?.modelName;
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

  it('keeps a plural acronym whole (URLs, IDs) while splitting HTTPServer', () => {
    expect(words('fetch URLs by IDs')).toEqual(['fetch', 'urls', 'by', 'ids']);
    expect(words('HTTPServer APIKey')).toEqual(['http', 'server', 'api', 'key']);
    expect(terms('URLs')).toEqual(terms('url'));
  });

  it('reduces words to their Snowball stem, so inflections meet', () => {
    expect(['files', 'directories', 'running', 'listed', 'class', 'status'].map(stem)).toEqual([
      'file',
      'directori',
      'run',
      'list',
      'class',
      'statu',
    ]);
    expect(stem('directory')).toBe(stem('directories'));
  });

  it('reads Chinese and Japanese as character pairs, and their domain words through the table', () => {
    expect(terms('天气预报')).toEqual(expect.arrayContaining(['天气', '气预', '预报', 'weather']));
    // Latin and Japanese in one run split where the script changes; hiragana pairs are dropped.
    expect(terms('hevyで記録を見せて')).toEqual(expect.arrayContaining(['hevi', '記録', 'record']));
    expect(terms('hevyで記録を見せて')).not.toContain('memory');
    expect(terms('hevyで記録を見せて')).not.toContain('せて');
  });

  it('reads single Chinese characters too, except function characters', () => {
    // 搜 ("search") as a word of its own shares no character pair with 搜索.
    const message = terms('帮我搜一下附近的火锅');
    expect(message).toEqual(expect.arrayContaining(['搜', '锅']));
    expect(message).not.toContain('的');
    expect(message).not.toContain('我');
    const index = buildBm25Index([
      tool('poi_search', '关键词搜索地点'),
      tool('weather', '查询天气预报'),
    ]);
    const [search = 0, weather = 0] = index.score('附近搜火锅');
    expect(search).toBeGreaterThan(weather);
    // A greeting of function characters matches nothing.
    expect(index.score('你好，请给我')).toEqual([0, 0]);
  });

  it('finds inflected forms of the table words in other languages', () => {
    expect(terms('buscando')).toEqual(['search']);
    expect(terms('Dateien')).toEqual(['file']);
  });

  it('does not read a name inside a sentence as an action', () => {
    expect(terms('hotels in New York', { names: true })).not.toContain('create');
    expect(terms('new hotel', { names: true })).toContain('create');
    // A name at the start of a sentence, and one written in lower case.
    expect(terms('New York weather tomorrow', { names: true })).toEqual([
      'new',
      'york',
      'weather',
      'tomorrow',
    ]);
    expect(terms('the weather in new york', { names: true })).not.toContain('create');
    // A message in title case is no list of names: its words still mean what they say.
    expect(terms('Create A New Issue', { names: true })).toEqual(['create', 'create', 'issue']);
  });

  it('reads a word by its neighbours in a message, and alone in a tool text', () => {
    const message = (text: string) => terms(text, { names: true });
    // Adding numbers is arithmetic, adding a note is creating one; the numbers are values.
    expect(message('add 17 and 25')).toEqual(['sum']);
    expect(message('suma 3 y 4')).toEqual(['sum']);
    expect(message('what does 0.1 + 0.2 give in javascript')).toEqual(['javascript']);
    expect(message('add a note')).toEqual(['create', 'note']);
    // Driving somewhere is a route; a drive alone is a disk.
    expect(message('how long to drive from Paris to Lyon')).toEqual(
      expect.arrayContaining(['direction', 'driving']),
    );
    expect(message('how long to drive from Paris to Lyon')).not.toContain('disk');
    expect(message('how full is my drive')).toContain('disk');
    // The speaker's asides are no request to think or to delete.
    expect(message("before I forget, what's the time in Tokyo")).not.toContain('delete');
    expect(message("I don't think the file was saved")).toEqual(['file', 'write']);
    expect(message('think it through step by step')).toContain('think');
    expect(message('can you think it through')).toContain('think');
    expect(message('is that rude? what do you think')).toEqual(['rude']);
    expect(message('forget what you know about Bob')).toContain('delete');
    // Time one lacks is no clock to read.
    expect(message("I don't have time to read it")).toEqual(['read']);
    expect(message('what time is it in Tokyo')).toContain('time');
    // Tool texts are read word by word.
    expect(terms('add 2 numbers')).toEqual(['create', '2', 'number']);
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

  it('drops greetings and thanks, which no typo tolerance should turn into tool words', () => {
    expect(terms("thanks, that's all for now", { names: true })).toEqual([]);
    expect(terms('hello there', { names: true })).toEqual([]);
    // "thank" is one edit from "think": as a typo it would find the thinking tool.
    const thinking = tool('sequential_thinking', 'Think through a problem step by step');
    const scores = buildBm25Index([...TOOLS, thinking]).score('thank you');
    expect(scores.every((score) => score === 0)).toBe(true);
  });

  it('drops common words and maps synonyms, in several languages, onto one term', () => {
    // "Show me" asks to see one thing or a list of them.
    expect(terms('Show me the folder')).toEqual(['read', 'list', 'directory']);
    expect(terms('zeig mir den Ordner')).toEqual(['read', 'list', 'directory']);
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

  it('joins two message words the tools write as one, and splits one they write as two', () => {
    const tools = [
      tool('chart_generate_boxplot_chart', 'Generate a boxplot'),
      tool('chart_generate_flow_diagram', 'Generate a flow chart'),
      tool('chart_generate_pie_chart', 'Generate a pie chart'),
    ];
    const top = (query: string) => topOf(tools, query);
    expect(top('box plot of response times')).toBe('chart_generate_boxplot_chart');
    expect(top('a flowchart of signup')).toBe('chart_generate_flow_diagram');
  });

  it('ranks the tools of a server the message names, even misspelt, without counting its name as a keyword', () => {
    const tools: RankableTool[] = [
      { ...tool('jira_get', 'Read any data'), server: 'jira' },
      { ...tool('github_get_issue', 'Get an issue of a repository'), server: 'github' },
      { ...tool('elasticsearch_search', 'Run a query'), server: 'elasticsearch' },
    ];
    const scores = (query: string) => buildBm25Index(tools).score(query);
    const [jira, github] = scores('show the issue ABC-1 in jirra');
    expect(jira).toBeGreaterThan(github ?? 0);
    const [, , elastic] = scores('query elastic for errors');
    expect(elastic).toBeGreaterThan(0);
    // Without a mention, the server's name is no keyword shared by every one of its tools.
    expect(scores('get the issue')[1]).toBeGreaterThan(scores('get the issue')[0] ?? 0);
  });

  it('does not take a common word for a server named after it', () => {
    const tools = [
      served('everything', 'echo', 'Echoes its input'),
      served('everything', 'add', 'Adds two numbers'),
      served('memory', 'delete_entities', 'Delete entities from the knowledge graph'),
      served('filesystem', 'read_file', 'Read a file'),
      served('github', 'create_issue', 'Create an issue in a repository'),
    ];
    const top = (query: string) => topOf(tools, query);
    expect(top('forget everything about Bob')).toBe('memory_delete_entities');
    // "file" starts "filesystem" but is too short a part of it to name it.
    expect(top('file an issue in my repo')).toBe('github_create_issue');
    // Named, the server's tools that answer the message come first.
    expect(top('echo hi with everything')).toBe('everything_echo');
  });

  it('reads a server named after its package by the words that tell it apart', () => {
    const tools = [
      served('brave-search-mcp-server', 'brave_web_search', 'Search the web with Brave'),
      served('mcp-google-search', 'search', 'Run a Google web search'),
      served(
        'mcp-server-elasticsearch',
        'search',
        'Query an index of documents with the query DSL',
      ),
      served('github', 'search_issues', 'Search issues and pull requests'),
      served('slack', 'search_messages', 'Search messages in channels'),
      served('filesystem', 'search_files', 'Search for files by name'),
      served('notion', 'search', 'Search pages by title'),
      served('mcp-server', 'directions', 'Directions between two places'),
    ];
    const top = (query: string) => topOf(tools, query);
    // "search" is in many servers' tools: no name of Brave's; "brave" and "google" are.
    expect(top('search the products index for documents')).toBe('mcp-server-elasticsearch_search');
    expect(top('run a google search for the best headphones')).toBe('mcp-google-search_search');
    expect(top('brave search for the best headphones')).toBe(
      'brave-search-mcp-server_brave_web_search',
    );
    // "elastic" starts the name once "mcp-server-" is set aside.
    expect(top('look in elastic for errors')).toBe('mcp-server-elasticsearch_search');
    // A name of generic words names nothing: "the mcp server" is no request for its tools.
    const [, , , , , , , mapbox] = buildBm25Index(tools).score('restart the mcp server');
    expect(mapbox).toBe(0);
  });

  it('reads parameters at any depth and their allowed values', () => {
    const nested: RankableTool = {
      modelName: 'x_render',
      tool: {
        name: 'render',
        inputSchema: {
          type: 'object',
          properties: {
            options: {
              type: 'object',
              properties: { style: { type: 'string', enum: ['satellite', 'streets'] } },
            },
          },
        },
      },
    };
    const scores = buildBm25Index([nested, tool('y_other', 'Something else')]).score('satellite');
    expect(scores[0]).toBeGreaterThan(0);
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

describe('what a message’s form adds', () => {
  it('reads an issue key as a message about an issue', () => {
    const index = buildBm25Index([
      {
        modelName: 'tracker_get_issue',
        tool: {
          name: 'get_issue',
          description: 'Get an issue by its key',
          inputSchema: { type: 'object' },
        },
      },
      {
        modelName: 'chat_get_user',
        tool: {
          name: 'get_user',
          description: 'Get a user by name',
          inputSchema: { type: 'object' },
        },
      },
    ]);
    const [issue, user] = index.score('what happened on INFRA-55');
    expect(issue).toBeGreaterThan(0);
    expect(user).toBe(0);
    expect(index.score('what happened on it')[0]).toBe(0);
    expect(intentWords('see ops-311 and PR 7')).toEqual([]);
    // Standards and algorithms are written the same way.
    expect(intentWords('the SHA-256 of a UTF-8 string, as ISO-8601')).toEqual([]);
  });

  it('prefers the tracker whose tools take issue keys to one whose issues have numbers', () => {
    const tools = [
      served('tracker', 'get', 'Read tracker data by path, such as /issue/{issueIdOrKey}'),
      served('forge', 'get_issue', 'Get an issue of a repository by its number'),
      served('forge', 'list_commits', 'List the commits of a repository'),
      served('chat', 'get_user', 'Get a user by name'),
    ];
    expect(topOf(tools, 'what is the status of OPS-311')).toBe('tracker_get');
    expect(topOf(tools, 'what is the status of issue 311')).toBe('forge_get_issue');
  });

  it('reads a web address as a page to fetch, though the message only says to read it', () => {
    expect(intentWords('read this page for me: https://news.example.com/item?id=1')).toEqual([
      'fetch',
    ]);
    expect(intentWords('read the notes in www.example.org/notes')).toEqual(['fetch']);
    expect(intentWords('read my notes')).toEqual([]);
    const tools = [
      served('fetcher', 'fetch', 'Fetches a URL and returns its content as markdown'),
      served('notes', 'read_note', 'Read a note by its title'),
      served('notes', 'list_notes', 'List every note'),
      served('chat', 'get_user', 'Get a user by name'),
    ];
    expect(topOf(tools, 'read this for me: https://blog.example.dev/how-we-cut-costs')).toBe(
      'fetcher_fetch',
    );
    expect(topOf(tools, 'read the note called groceries')).toBe('notes_read_note');
  });
});

describe('what a message’s form says of places and flights', () => {
  it('reads a Kubernetes manifest as one', () => {
    expect(
      intentWords('apply this:\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app'),
    ).toEqual(['kubernetes', 'manifest']);
    expect(intentWords('what kind: of api version is this')).toEqual([]);
  });

  it('reads decimal degrees as a coordinate', () => {
    expect(intentWords('gas stations around 40.7128,-74.0060')).toEqual(['coordinate']);
    expect(intentWords('what is at 48.8584, 2.2945?')).toEqual(['coordinate']);
    expect(intentWords('bump the version from 1.24 to 1.25')).toEqual([]);
  });

  it('reads an airline code and a number as a flight, and other codes as what they are', () => {
    for (const message of [
      'is UA 857 on time',
      'details on EK215',
      'NH10便の機材',
      'U2 8421 gate?',
    ])
      expect(intentWords(message)).toEqual(['flight']);
    for (const message of [
      'review PR 12',
      'the slack user U123',
      'convert to ISO 8601',
      'an MP3 file',
      'see you in Q3 2025',
      'upgrade to v2 3 times',
    ])
      expect(intentWords(message)).toEqual([]);
  });
});

describe('words of the tool domains in other languages and everyday English', () => {
  it('reads Chinese and Japanese words of software and operations', () => {
    expect(terms('看一下 main 分支最近的流水线')).toEqual(
      expect.arrayContaining([...terms('branch'), ...terms('pipeline')]),
    );
    expect(terms('p99 延迟的指标')).toEqual(
      expect.arrayContaining([...terms('latency'), ...terms('metric')]),
    );
    expect(terms('インデックスのマッピング')).toEqual(
      expect.arrayContaining([...terms('index'), ...terms('mapping')]),
    );
    // A character inside a longer word is not read as that word: 列 in 列出 ("list").
    expect(terms('列出所有任务')).not.toEqual(expect.arrayContaining(terms('column')));
  });

  it('reads pulling as fetching, unless a pull request is meant', () => {
    const message = (text: string) => terms(text, { names: true });
    expect(message('pull the abstract')).toEqual([...terms('fetch'), ...terms('abstract')]);
    expect(message('review the pull request')).toEqual(terms('review pull request'));
  });

  it('reads logging something as recording it, and logs as logs', () => {
    const message = (text: string) => terms(text, { names: true });
    expect(message('log a workout')).toEqual([...terms('create record'), ...terms('workout')]);
    expect(message('show the error log')).toEqual(terms('show error log'));
  });

  it('keeps a search index’s mappings apart from maps', () => {
    expect(terms('field mappings')).toEqual(['field', 'mapping']);
    expect(terms('maps')).toEqual(['map']);
  });

  it('maps everyday words onto the words tools use', () => {
    expect(terms('set the status')).toEqual(terms('update status'));
    expect(terms('entries')).toEqual(terms('records'));
    expect(terms('rerun')).toEqual(terms('retry'));
    expect(terms('bike')).toEqual(terms('bicycling'));
    expect(terms('silence that host')).toEqual([...terms('mute'), ...terms('host')]);
    expect(terms('cabins')).toEqual(terms('accommodation'));
    expect(terms('Kalenderwoche')).toEqual(terms('week'));
  });
});

describe('services named in Chinese and Japanese', () => {
  const tools = [
    served('google', 'search', 'Perform a web search query'),
    served('maps', 'text_search', '关键词搜索地点，也搜索网页上的降噪耳机商店'),
  ];

  it('name their server, as the Latin name does', () => {
    expect(topOf(tools, '用谷歌搜一下降噪耳机')).toBe('google_search');
    expect(topOf(tools, 'グーグルで検索して')).toBe('google_search');
    // Without the name, the words written in the message's own script still win.
    expect(topOf(tools, '搜一下附近的地点')).toBe('maps_text_search');
  });

  it('count as their Latin names do, stem and synonyms included', () => {
    expect(terms('ユーチューブ')).toEqual(expect.arrayContaining(terms('youtube')));
    expect(terms('マイクロソフト')).toEqual(expect.arrayContaining(terms('microsoft')));
  });

  it('leave a word that is also a common noun alone', () => {
    expect(terms('苹果派怎么做')).not.toContain('appl');
  });
});
