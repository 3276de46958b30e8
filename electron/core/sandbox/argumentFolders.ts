/**
 * The folders a server's own arguments name, offered in its launch review as folders it may
 * write: `server-filesystem ~/notes` is told where to work by its arguments, and the user
 * who typed or chose that folder meant it to write there. Only arguments that are paths count
 * (absolute, or `~`), naming a folder that exists or one meant to be made (its parent exists and
 * its name has no file extension); never a file, a folder the sandbox hides (keys, Hearth's
 * data), or one it may write already. A folder as wide as the home folder (or wider) is offered
 * too, but not chosen in advance. A variable's value that is a path counts the same, and one
 * naming a file offers the folder holding it (`MEMORY_FILE_PATH=/data/memory.jsonl`: the server
 * is told to write that file).
 */
import { statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { isInside, type ResolvedPolicy } from './policy';

export interface ArgumentFolder {
  path: string;
  /** The home folder, the root, or a folder holding the home folder: offered, not chosen. */
  broad: boolean;
}

export function argumentFolders(
  args: string[],
  policy: Pick<ResolvedPolicy, 'denyRead' | 'allowWrite' | 'allowAllWrites'>,
  home: string,
  variableValues: string[] = [],
): ArgumentFolder[] {
  if (policy.allowAllWrites) return [];
  const found = new Map<string, ArgumentFolder>();
  const named = [
    ...args.map((arg) => pathOf(arg, home)),
    ...variableValues.map((value) => {
      const path = pathOf(value, home);
      return path && !isFolderOrMeantOne(path) ? dirname(path) : path;
    }),
  ];
  for (const path of named) {
    if (!path || found.has(path) || !isFolderOrMeantOne(path)) continue;
    if (policy.denyRead.some((hidden) => isInside(path, hidden))) continue;
    if (policy.allowWrite.some((writable) => isInside(path, writable))) continue;
    found.set(path, { path, broad: isInside(home, path) });
  }
  return [...found.values()];
}

/** The absolute path an argument names, if it is one (`/x`, `C:\x`, `~`, `~/x`). */
function pathOf(arg: string, home: string): string | undefined {
  if (arg === '~') return home;
  if (arg.startsWith('~/')) return resolve(join(home, arg.slice(2)));
  if (!isAbsolute(arg) || arg.includes('\n')) return undefined;
  return resolve(arg);
}

function isFolderOrMeantOne(path: string): boolean {
  const kind = kindOf(path);
  if (kind !== 'missing') return kind === 'folder';
  return extname(path) === '' && kindOf(dirname(path)) === 'folder';
}

function kindOf(path: string): 'folder' | 'other' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'other';
  } catch {
    return 'missing';
  }
}
