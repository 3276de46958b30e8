/**
 * Server folders named by id, and the move of folders named the old way (after the server's
 * name) to their server: checked on a real temporary disk.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServerFolders, shellFolderOf } from '../../../electron/core/sandbox';
import { tempDir } from '../../support/testHost';

/** A folder named the old way, holding one file. */
function namedFolder(dataDir: string, folder: string, file: string) {
  mkdirSync(join(dataDir, 'sandbox', folder, 'cache'), { recursive: true });
  writeFileSync(join(dataDir, 'sandbox', folder, 'cache', file), folder);
}

describe('server folders', () => {
  it('gives names that made one folder before folders of their own, kept across a reopen', () => {
    const dataDir = tempDir('folders');
    const folders = openServerFolders(dataDir);
    const a = folders.folderOf('cache victim');
    const b = folders.folderOf('cache-victim');
    expect(a).not.toBe(b);
    expect(folders.folderOf('Cache Victim')).toBe(a);
    expect(folders.folderOf('shell')).not.toBe(shellFolderOf(dataDir));
    expect(openServerFolders(dataDir).existing('cache victim')).toBe(a);
  });

  it('a rename carries the folder; the old name and a taken name start afresh', () => {
    const dataDir = tempDir('folders');
    const folders = openServerFolders(dataDir);
    const first = folders.folderOf('first');
    const second = folders.folderOf('second');
    folders.forget('second');
    folders.rename('first', 'second');
    expect(folders.existing('second')).toBe(first);
    expect(folders.existing('first')).toBeUndefined();
    expect(folders.folderOf('first')).not.toBe(first);
    expect([first, second]).not.toContain(folders.folderOf('first'));
  });

  it('moves a folder named the old way to its one server, and leaves shared ones to nobody', () => {
    const dataDir = tempDir('folders');
    namedFolder(dataDir, 'memory', 'memory.jsonl');
    namedFolder(dataDir, 'cache-victim', 'planted.js');
    namedFolder(dataDir, 'shell', 'from-a-command.js');
    namedFolder(dataDir, 'gone', 'old.js');
    const folders = openServerFolders(dataDir);
    const left = folders.adoptNamedFolders(['Memory', 'cache victim', 'cache-victim', 'shell']);
    expect(left.sort()).toEqual(['cache-victim', 'gone']);
    const memory = folders.existing('memory') ?? '';
    expect(readFileSync(join(memory, 'cache', 'memory.jsonl'), 'utf8')).toBe('memory');
    expect(existsSync(join(dataDir, 'sandbox', 'memory'))).toBe(false);
    // Neither of the two that shared it, nor a server named like the shell tool, gets its files.
    for (const name of ['cache victim', 'cache-victim', 'shell'])
      expect(existsSync(join(folders.folderOf(name), 'cache'))).toBe(false);
    // Once moved, a second start moves nothing again.
    expect(openServerFolders(dataDir).adoptNamedFolders(['Memory'])).toEqual(
      expect.not.arrayContaining(['memory']),
    );
    expect(openServerFolders(dataDir).existing('memory')).toBe(memory);
  });
});
