import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { argumentFolders } from '../../../electron/core/sandbox';

let home = '';
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'hearth-args-'));
  mkdirSync(join(home, 'project'));
  mkdirSync(join(home, '.ssh'));
  mkdirSync(join(home, 'data'));
  writeFileSync(join(home, 'notes.db'), '');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const policy = () => ({
  denyRead: [join(home, '.ssh'), join(home, 'data')],
  allowWrite: [join(home, 'data', 'sandbox', 'files')],
  allowAllWrites: false,
});

describe('the folders a server’s arguments name', () => {
  it('are the existing folders and the ones meant to be made, never files or other text', () => {
    const args = [
      '-y',
      '@modelcontextprotocol/server-filesystem@2025.8.21',
      join(home, 'project'),
      join(home, 'project') + '/',
      join(home, 'new-folder'),
      join(home, 'notes.db'),
      join(home, 'missing', 'deeper'),
      join(home, 'report.pdf'),
      '--port=8080',
      'relative/folder',
    ];
    expect(argumentFolders(args, policy(), home)).toEqual([
      { path: join(home, 'project'), broad: false },
      { path: join(home, 'new-folder'), broad: false },
    ]);
  });

  it('read ~ as the home folder, which is offered as broad', () => {
    expect(argumentFolders(['~/project', '~'], policy(), home)).toEqual([
      { path: join(home, 'project'), broad: false },
      { path: home, broad: true },
    ]);
    expect(argumentFolders(['/'], policy(), home)).toEqual([{ path: '/', broad: true }]);
  });

  it('leave out what the sandbox hides and where it may write already', () => {
    const args = [join(home, '.ssh'), join(home, 'data', 'sandbox', 'files'), join(home, 'data')];
    expect(argumentFolders(args, policy(), home)).toEqual([]);
    expect(
      argumentFolders([join(home, 'project')], { ...policy(), allowAllWrites: true }, home),
    ).toEqual([]);
  });

  it('a variable naming a file offers the folder holding it (the server is told to write it)', () => {
    mkdirSync(join(home, 'memory'));
    const values = [join(home, 'memory', 'memory.jsonl'), 'plain text', join(home, 'project')];
    expect(argumentFolders([], policy(), home, values)).toEqual([
      { path: join(home, 'memory'), broad: false },
      { path: join(home, 'project'), broad: false },
    ]);
    // A file in a folder meant to be made offers that folder, as an argument would.
    expect(argumentFolders([], policy(), home, [join(home, 'later', 'x.jsonl')])).toEqual([
      { path: join(home, 'later'), broad: false },
    ]);
    // Never a hidden place.
    expect(argumentFolders([], policy(), home, [join(home, '.ssh', 'config')])).toEqual([]);
  });
});
