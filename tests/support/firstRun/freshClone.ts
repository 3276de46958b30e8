/**
 * A fresh clone of this working tree as `npm install` leaves it on a machine that never ran
 * Hearth: the project's files (tracked, and new ones git does not ignore), every installed
 * package linked from this checkout, except `electron`, which is a copy without its binary
 * (`dist/`, `path.txt`), as the registry's package arrives. So downloads land in the clone and
 * never touch this checkout's own Electron.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT } from '../serveProcess';
import { tempDir } from '../testHost';

export function freshClone(): string {
  const clone = tempDir('clone');
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    try {
      copyFileSync(join(REPO_ROOT, file), join(clone, file));
    } catch (error) {
      // Deleted in the working tree but not yet in git: a clone of the tree would not have it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const modules = join(REPO_ROOT, 'node_modules');
  mkdirSync(join(clone, 'node_modules'));
  for (const name of readdirSync(modules)) {
    if (name === 'electron' || name === '.package-lock.json') continue;
    symlinkSync(join(modules, name), join(clone, 'node_modules', name));
  }
  const electron = join(modules, 'electron');
  cpSync(electron, join(clone, 'node_modules', 'electron'), {
    recursive: true,
    filter: (source) => {
      const path = relative(electron, source);
      return path !== 'dist' && !path.startsWith(`dist/`) && path !== 'path.txt';
    },
  });
  return clone;
}
