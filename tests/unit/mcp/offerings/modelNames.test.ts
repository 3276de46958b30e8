import { describe, expect, it } from 'vitest';
import {
  MAX_RETIRED_NAMES,
  MODEL_NAME_PATTERN,
  ModelNameTable,
  sanitizeNamePart,
  type ToolOwner,
} from '../../../../electron/core/mcp/offerings/modelTools';

/** mulberry32: the same seed gives the same "random" names on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ALPHABET = [
  ...'abcXYZ019_-',
  ' ',
  '.',
  '/',
  ':',
  '\0',
  'é',
  'ß',
  '搜',
  '🔥',
  '\u0301',
  '\n',
  '__',
];

function randomName(random: () => number): string {
  const length = Math.floor(random() ** 2 * 220);
  let name = '';
  for (let index = 0; index < length; index += 1) {
    name += ALPHABET[Math.floor(random() * ALPHABET.length)];
  }
  return name;
}

/** The name a served tool has; fails the test when it has none. */
function nameOf(table: ModelNameTable, server: string, tool: string): string {
  const name = table.nameFor(server, tool);
  if (name === undefined) throw new Error(`No name for ${server}/${tool}`);
  return name;
}

function expectValidAndUnique(names: Map<string, ToolOwner>, entries: ToolOwner[]): void {
  for (const name of names.keys()) expect(name).toMatch(MODEL_NAME_PATTERN);
  const lowerCased = new Set([...names.keys()].map((name) => name.toLowerCase()));
  expect(lowerCased.size).toBe(names.size);
  const distinctOwners = new Set(entries.map((entry) => `${entry.server}\0${entry.tool}`));
  expect(names.size).toBe(distinctOwners.size);
}

describe('sanitizeNamePart', () => {
  it('replaces each run of other characters with one underscore and trims underscores', () => {
    expect(sanitizeNamePart('a.b/c d')).toBe('a_b_c_d');
    expect(sanitizeNamePart('  ..hello:: world!! ')).toBe('hello_world');
    expect(sanitizeNamePart('__keep__inner__')).toBe('keep__inner');
  });

  it('keeps the base letter of accented characters and drops other scripts', () => {
    expect(sanitizeNamePart('café_Straße')).toBe('cafe_Stra_e');
    expect(sanitizeNamePart('搜索')).toBe('');
  });
});

describe('ModelNameTable', () => {
  it('names a tool server_tool and maps the name back to its owner', () => {
    const table = new ModelNameTable();
    const names = table.assign([{ server: 'filesystem', tool: 'read_file' }]);
    expect([...names.keys()]).toEqual(['filesystem_read_file']);
    expect(table.resolve('filesystem_read_file')).toEqual({
      server: 'filesystem',
      tool: 'read_file',
    });
    expect(table.nameFor('filesystem', 'read_file')).toBe('filesystem_read_file');
  });

  it('sanitises a.b/c d and falls back to "tool" when nothing is left', () => {
    const table = new ModelNameTable();
    table.assign([
      { server: 'a.b', tool: 'c d' },
      { server: '搜索', tool: '工具' },
    ]);
    expect(table.nameFor('a.b', 'c d')).toBe('a_b_c_d');
    expect(table.nameFor('搜索', '工具')).toBe('tool');
  });

  it('uses the tool name alone when the server name is empty after sanitising', () => {
    const table = new ModelNameTable();
    table.assign([
      { server: '...', tool: 'search' },
      { server: '---', tool: 'search' },
      { server: '', tool: 'search' },
    ]);
    expect(table.nameFor('...', 'search')).toBe('search');
    // '-' is allowed in names, so this server keeps its name.
    expect(table.nameFor('---', 'search')).toBe('---_search');
    expect(table.nameFor('', 'search')).toMatch(/^search_[0-9a-z]{4}$/);
  });

  it('gives two servers "my server" and "my_server" with a search tool distinct names', () => {
    const table = new ModelNameTable();
    const names = table.assign([
      { server: 'my server', tool: 'search' },
      { server: 'my_server', tool: 'search' },
    ]);
    const first = nameOf(table, 'my server', 'search');
    const second = nameOf(table, 'my_server', 'search');
    expect(first).toBe('my_server_search');
    expect(second).toMatch(/^my_server_search_[0-9a-z]{4}$/);
    expect(names.get(first)).toEqual({ server: 'my server', tool: 'search' });
    expect(names.get(second)).toEqual({ server: 'my_server', tool: 'search' });
  });

  it('never splits a name: tool a_b on server x and tool b on server x_a resolve to their own owners', () => {
    const table = new ModelNameTable();
    table.assign([
      { server: 'x', tool: 'a_b' },
      { server: 'x_a', tool: 'b' },
    ]);
    const first = nameOf(table, 'x', 'a_b');
    const second = nameOf(table, 'x_a', 'b');
    expect(first).toBe('x_a_b');
    expect(second).not.toBe(first);
    expect(table.resolve(first)).toEqual({ server: 'x', tool: 'a_b' });
    expect(table.resolve(second)).toEqual({ server: 'x_a', tool: 'b' });
  });

  it('treats names that differ only in case as a collision', () => {
    const table = new ModelNameTable();
    table.assign([
      { server: 'files', tool: 'Search' },
      { server: 'files', tool: 'search' },
    ]);
    expect(table.nameFor('files', 'Search')).toBe('files_Search');
    expect(table.nameFor('files', 'search')).toMatch(/^files_search_[0-9a-z]{4}$/);
  });

  it('cuts a 200-character name to 64 characters or fewer', () => {
    const table = new ModelNameTable();
    const tool = 'x'.repeat(200);
    table.assign([{ server: 'server', tool }]);
    const name = nameOf(table, 'server', tool);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(MODEL_NAME_PATTERN);
    expect(name.startsWith('server_xxx')).toBe(true);
  });

  it('keeps two long names that share their first 64 characters apart within the limit', () => {
    const table = new ModelNameTable();
    const prefix = 'p'.repeat(150);
    table.assign([
      { server: 's', tool: `${prefix}_one` },
      { server: 's', tool: `${prefix}_two` },
    ]);
    const one = nameOf(table, 's', `${prefix}_one`);
    const two = nameOf(table, 's', `${prefix}_two`);
    expect(one).not.toBe(two);
    for (const name of [one, two]) {
      expect(name).toMatch(MODEL_NAME_PATTERN);
      expect(name.length).toBeLessThanOrEqual(64);
    }
  });

  it('adds a counter when even the hash suffix is already taken', () => {
    const probe = new ModelNameTable();
    probe.assign([
      { server: 'a', tool: 'search' },
      { server: 'a ', tool: 'search' },
    ]);
    const hashed = nameOf(probe, 'a ', 'search');
    expect(hashed).toMatch(/^a_search_[0-9a-z]{4}$/);

    // A tool whose plain name is exactly that hashed name takes it first.
    const table = new ModelNameTable();
    table.assign([
      { server: 'a', tool: 'search' },
      { server: 'a', tool: hashed.slice('a_'.length) },
      { server: 'a ', tool: 'search' },
    ]);
    expect(table.nameFor('a', hashed.slice('a_'.length))).toBe(hashed);
    expect(table.nameFor('a ', 'search')).toBe(`${hashed}2`);
    expect(table.resolve(`${hashed}2`)).toEqual({ server: 'a ', tool: 'search' });
  });

  it('keeps every name across refreshes when tools appear and vanish around them', () => {
    const table = new ModelNameTable();
    table.assign([
      { server: 'my_server', tool: 'search' },
      { server: 'files', tool: 'read' },
    ]);
    const before = table.nameFor('my_server', 'search');
    table.assign([
      { server: 'my server', tool: 'search' },
      { server: 'files', tool: 'write' },
      { server: 'my_server', tool: 'search' },
    ]);
    expect(table.nameFor('my_server', 'search')).toBe(before);
    expect(table.nameFor('my server', 'search')).not.toBe(before);
    expect(table.nameFor('files', 'read')).toBeUndefined();
    table.assign([{ server: 'my_server', tool: 'search' }]);
    expect(table.nameFor('my_server', 'search')).toBe(before);
  });

  it('does not hand a vanished tool’s name to a different tool', () => {
    const table = new ModelNameTable();
    table.assign([{ server: 'my_server', tool: 'search' }]);
    table.assign([{ server: 'my server', tool: 'search' }]);
    expect(table.resolve('my_server_search')).toBeUndefined();
    expect(table.nameFor('my server', 'search')).not.toBe('my_server_search');
  });

  it('gives a returning tool its old name back', () => {
    const table = new ModelNameTable();
    table.assign([
      { server: 'my server', tool: 'search' },
      { server: 'my_server', tool: 'search' },
    ]);
    const suffixed = table.nameFor('my_server', 'search');
    table.assign([{ server: 'files', tool: 'read' }]);
    table.assign([{ server: 'my_server', tool: 'search' }]);
    expect(table.nameFor('my_server', 'search')).toBe(suffixed);
  });

  it('forgets the oldest retired names past the limit', () => {
    const table = new ModelNameTable();
    table.assign([{ server: 's', tool: 'first' }]);
    for (let batch = 0; batch <= MAX_RETIRED_NAMES; batch += 1) {
      table.assign([{ server: 's', tool: `t${batch}` }]);
    }
    table.assign([{ server: 's ', tool: 'first' }]);
    expect(table.nameFor('s ', 'first')).toBe('s_first');
    table.assign([{ server: 's', tool: 'first' }]);
    expect(table.nameFor('s', 'first')).toMatch(/^s_first_[0-9a-z]{4}$/);
  });

  it('resolves only names currently served, exactly as written', () => {
    const table = new ModelNameTable();
    table.assign([{ server: 'files', tool: 'read' }]);
    expect(table.resolve('files_read')).toBeDefined();
    expect(table.resolve('FILES_READ')).toBeUndefined();
    expect(table.resolve('files')).toBeUndefined();
    expect(table.resolve('')).toBeUndefined();
  });

  it('gives one name to a tool listed twice', () => {
    const table = new ModelNameTable();
    const names = table.assign([
      { server: 'files', tool: 'read' },
      { server: 'files', tool: 'read' },
    ]);
    expect([...names.keys()]).toEqual(['files_read']);
  });

  it('produces valid, unique, resolvable and stable names for thousands of random tools', () => {
    const random = seededRandom(20_240_506);
    const table = new ModelNameTable();
    let previous = new Map<string, { owner: ToolOwner; name: string }>();
    for (let refresh = 0; refresh < 20; refresh += 1) {
      const entries: ToolOwner[] = [];
      for (let index = 0; index < 150; index += 1) {
        // Small pools of servers and tools make collisions common.
        const server = random() < 0.5 ? randomName(random) : `srv${Math.floor(random() * 3)}`;
        const tool = random() < 0.5 ? randomName(random) : `t${Math.floor(random() * 5)}`;
        entries.push({ server, tool });
      }
      // Some tools from the last refresh stay.
      for (const { owner } of previous.values()) {
        if (random() < 0.6) entries.push(owner);
      }
      const names = table.assign(entries);
      expectValidAndUnique(names, entries);
      for (const [name, owner] of names) {
        expect(table.resolve(name)).toEqual(owner);
        const key = `${owner.server}\0${owner.tool}`;
        const before = previous.get(key);
        if (before) expect(name).toBe(before.name);
      }
      previous = new Map(
        [...names].map(([name, owner]) => [`${owner.server}\0${owner.tool}`, { owner, name }]),
      );
    }
  });
});
