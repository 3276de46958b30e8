/**
 * The empty read-only stand-ins bubblewrap puts on the host for write denies on paths that do not
 * exist yet (sandbox-runtime's README, "Write denies on paths that do not exist yet"): the
 * library removes them once no sandboxed process is left, but a Hearth killed outright (kill -9,
 * out of memory) never gets there, and nothing else would remove them. So Hearth notes each one
 * before the launch starts, in its data folder (out of every sandboxed process's reach), and at
 * its next start removes those of runs that are gone, when they are still empty: what was missing
 * before is missing again.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomically } from '../store/atomicFile';

export interface StandIns {
  /** Notes where the stand-ins for these missing paths will be made. */
  expect(paths: string[]): void;
  /** The library removed this run's stand-ins (no sandboxed process left). */
  removed(): void;
}

interface Entry {
  path: string;
  /** A file for a missing path itself, a folder for a missing folder above one. */
  kind: 'file' | 'folder';
  pid: number;
}

export function openStandIns(dataDir: string): StandIns {
  const file = join(dataDir, 'sandboxes', 'stand-ins.json');
  const read = (): Entry[] => {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { entries?: Entry[] };
      return Array.isArray(parsed.entries) ? parsed.entries.filter(isEntry) : [];
    } catch {
      return [];
    }
  };
  const write = (entries: Entry[]) => {
    if (entries.length === 0 && !existsSync(file)) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileAtomically(file, `${JSON.stringify({ entries }, null, 2)}\n`);
  };
  // Those of runs that died: removed while still empty.
  const left = read();
  const dead = left.filter((entry) => entry.pid !== process.pid && !isAlive(entry.pid));
  for (const entry of dead) removeIfEmpty(entry);
  if (dead.length > 0) write(left.filter((entry) => !dead.includes(entry)));
  return {
    expect(paths) {
      const fresh = paths.flatMap((path): Entry[] => {
        const missing = firstMissing(path);
        if (!missing) return [];
        return [{ path: missing, kind: missing === path ? 'file' : 'folder', pid: process.pid }];
      });
      if (fresh.length === 0) return;
      const entries = read();
      const known = new Set(entries.map((entry) => entry.path));
      write([...entries, ...fresh.filter((entry) => !known.has(entry.path))]);
    },
    removed() {
      const entries = read();
      const ours = entries.filter((entry) => entry.pid === process.pid);
      if (ours.length > 0) write(entries.filter((entry) => entry.pid !== process.pid));
    },
  };
}

/** The first component of `path` that does not exist (the path itself, or a folder above it). */
function firstMissing(path: string): string | undefined {
  if (exists(path)) return undefined;
  let missing = path;
  for (let parent = dirname(missing); parent !== missing && !exists(parent);) {
    missing = parent;
    parent = dirname(parent);
  }
  return missing;
}

function removeIfEmpty(entry: Entry): void {
  try {
    const stats = lstatSync(entry.path);
    if (entry.kind === 'file' && stats.isFile() && stats.size === 0) rmSync(entry.path);
    if (entry.kind === 'folder' && stats.isDirectory() && holdsOnlyEmpty(entry.path))
      rmSync(entry.path, { recursive: true });
  } catch {
    // Gone already, or no longer empty: the user's now.
  }
}

/** A folder holding nothing but empty files and folders (the stand-ins bubblewrap made). */
function holdsOnlyEmpty(folder: string): boolean {
  return readdirSync(folder, { withFileTypes: true }).every((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return holdsOnlyEmpty(path);
    return entry.isFile() && lstatSync(path).size === 0;
  });
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isEntry(value: unknown): value is Entry {
  const entry = value as Partial<Entry> | null;
  return (
    typeof entry?.path === 'string' &&
    entry.path.startsWith('/') &&
    (entry.kind === 'file' || entry.kind === 'folder') &&
    typeof entry.pid === 'number'
  );
}
