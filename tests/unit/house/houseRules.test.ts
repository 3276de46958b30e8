import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  functionLengths,
  importCycles,
  importedNames,
  importGraph,
  resolveImport,
  ROOT,
  sourceFiles,
} from '../../support/sourceGraph';

// The house rules the code can check by itself (docs/architecture.md, "The map"), read from the
// source with the TypeScript compiler: no import circles, no function in the core over 80 lines
// of its own, and no import into a core room's insides past its front door (index.ts).

/** Parsing the whole tree takes a few seconds on a busy machine; this is no speed limit. */
const PARSE_TIME = 120_000;

const MAX_OWN_LINES = 80;

describe('the house rules', () => {
  it(
    'no import circle in the core, the preload or the renderer (type-only imports count)',
    () => {
      const files = ['electron/core', 'preload', 'renderer/src'].flatMap(sourceFiles);
      expect(importCycles(importGraph(files))).toEqual([]);
    },
    PARSE_TIME,
  );

  it('finds a circle of two files, and of three, and none in a chain', () => {
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual(['a → b → a']);
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual(['a → b → c → a']);
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it(
    `no function in electron/core over ${MAX_OWN_LINES} lines of its own`,
    () => {
      const long = sourceFiles('electron/core')
        .flatMap(functionLengths)
        .filter((fn) => fn.ownLines > MAX_OWN_LINES)
        .map((fn) => `${fn.file}:${fn.line} ${fn.name} has ${fn.ownLines} own lines`);
      expect(long).toEqual([]);
    },
    PARSE_TIME,
  );

  it('counts a function’s own lines without the functions written inside it', () => {
    const lengths = functionLengths('tests/unit/house/ownLinesSample.ts');
    expect(lengths.map(({ name, ownLines }) => [name, ownLines])).toEqual([
      ['outer', 5],
      ['inner', 4],
      ['arrow', 3],
    ]);
  });

  it(
    'nothing in electron/ imports a core room’s insides past its front door',
    () => {
      const doors = sourceFiles('electron/core')
        .filter((file) => basename(file) === 'index.ts')
        .map((file) => dirname(file));
      // The top rooms, not doors within a room (those are its own business).
      const rooms = doors.filter((room) => dirname(room) === 'electron/core');
      expect(rooms.length).toBeGreaterThan(0);
      const bypasses: string[] = [];
      for (const file of sourceFiles('electron')) {
        for (const name of importedNames(file)) {
          const target = resolveImport(file, name);
          if (!target) continue;
          for (const room of rooms) {
            const inside = (path: string) => path.startsWith(`${room}/`);
            if (inside(target) && !inside(file) && target !== join(room, 'index.ts'))
              bypasses.push(`${file} imports ${target}: use ${room} (index.ts)`);
          }
        }
      }
      expect(bypasses).toEqual([]);
    },
    PARSE_TIME,
  );

  it('every room with a front door is named in the map and held by lint, and no other', () => {
    const withDoor = sourceFiles('electron/core')
      .filter((file) => basename(file) === 'index.ts' && dirname(dirname(file)) === 'electron/core')
      .map((file) => basename(dirname(file)))
      .sort();
    const map = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const sentence = /Rooms with a front door: ([^.]*)\./.exec(map.replace(/\s+/g, ' '))?.[1] ?? '';
    const named = [...sentence.matchAll(/`(\w+)\/`/g)].map((match) => match[1]).sort();
    expect(named).toEqual(withDoor);
    // eslint.config.js: a door of its own (`'**/mcp/*', '!**/mcp/index'`) or one of otherFrontDoors.
    const lint = readFileSync(join(ROOT, 'eslint.config.js'), 'utf8');
    const others = /const otherFrontDoors = \[([^\]]*)\]/.exec(lint)?.[1] ?? '';
    const held = [
      ...[...lint.matchAll(/'\*\*\/(\w+)\/\*', '!\*\*\/\1\/index'/g)].map((match) => match[1]),
      ...[...others.matchAll(/'(\w+)'/g)].map((match) => match[1]),
    ].sort();
    expect(held).toEqual(withDoor);
  });
});
