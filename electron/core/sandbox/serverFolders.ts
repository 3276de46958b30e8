/**
 * Each sandboxed server's own folder (its launcher caches, what it keeps), named by an id Hearth
 * gives the server once and keeps with it: two servers whose names differ only in spaces or
 * punctuation, a server named like the shell tool, and a server renamed to a name another once
 * had never share a folder. They live in `sandboxes/` in Hearth's data folder, the ids in
 * `sandboxes/folders.json`, which no sandboxed process can read or write (the data folder is
 * hidden; only its own folder is opened to each).
 *
 * Folders used to be named after the server's name (lowercased, other characters as `-`) in
 * `sandbox/`; such a folder moves to its server's id at start when exactly one server could have
 * made it. One that two servers (or a server and the shell tool) shared is left to neither: it
 * may hold code one of them planted for the other.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../store/atomicFile';

/** The shell tool's own folder: outside the servers' folder, so no server's name reaches it. */
export function shellFolderOf(dataDir: string): string {
  return join(dataDir, 'sandboxes', 'shell');
}

export interface ServerFolders {
  /** The server's own folder, given an id the first time it is asked for. */
  folderOf(name: string): string;
  /** The server's folder if it has one already. */
  existing(name: string): string | undefined;
  /** The folder (and its id) follows the server to its new name. */
  rename(from: string, to: string): void;
  /** Drops the server's id; returns the folder it had, for the caller to clear. */
  forget(name: string): string | undefined;
  /**
   * Gives folders named the old way (after a server's name) to the one server each could be
   * for; returns the names of those left to nobody (shared, the shell tool's, or no server's).
   */
  adoptNamedFolders(names: readonly string[]): string[];
}

interface FoldersFile {
  /** Lowercased server name → the id its folder is named by. */
  ids: Record<string, string>;
}

export function openServerFolders(dataDir: string): ServerFolders {
  const sandboxes = join(dataDir, 'sandboxes');
  const file = join(sandboxes, 'folders.json');
  /** Where folders were named after their server's name. */
  const named = join(dataDir, 'sandbox');
  let known: FoldersFile | undefined;
  const read = (): FoldersFile => (known ??= readFolders(file));
  const write = (next: FoldersFile) => {
    mkdirSync(sandboxes, { recursive: true });
    writeFileAtomically(file, `${JSON.stringify(next, null, 2)}\n`);
    known = next;
  };
  const key = (name: string) => name.toLowerCase();
  const folder = (id: string) => join(sandboxes, id);
  const assign = (name: string): string => {
    const id = randomBytes(12).toString('hex');
    write({ ids: { ...read().ids, [key(name)]: id } });
    return id;
  };
  const existingId = (name: string) =>
    Object.hasOwn(read().ids, key(name)) ? read().ids[key(name)] : undefined;

  return {
    folderOf: (name) => folder(existingId(name) ?? assign(name)),
    existing(name) {
      const id = existingId(name);
      return id === undefined ? undefined : folder(id);
    },
    rename(from, to) {
      const id = existingId(from);
      // The new name never inherits a folder an earlier server of that name left.
      const ids = without(read().ids, [key(from), key(to)]);
      write({ ids: id === undefined ? ids : { ...ids, [key(to)]: id } });
    },
    forget(name) {
      const id = existingId(name);
      if (id === undefined) return undefined;
      write({ ids: without(read().ids, [key(name)]) });
      return folder(id);
    },
    adoptNamedFolders(names) {
      const entries = existsSync(named)
        ? readdirSync(named, { withFileTypes: true })
            .filter((entry) => entry.isDirectory() && entry.name !== 'shell')
            .map((entry) => entry.name)
        : [];
      const left: string[] = [];
      for (const entry of entries) {
        const claimants = names.filter((name) => namedFolderOf(name) === entry);
        const only = claimants.length === 1 ? claimants[0] : undefined;
        if (only === undefined || existingId(only) !== undefined) {
          left.push(entry);
          continue;
        }
        mkdirSync(sandboxes, { recursive: true });
        renameSync(join(named, entry), folder(assign(only)));
      }
      return left;
    },
  };
}

/** The folder name a server's name made before folders had ids. */
function namedFolderOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
}

function without(ids: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(ids).filter(([name]) => !names.includes(name)));
}

function readFolders(file: string): FoldersFile {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { ids?: unknown };
    const ids = parsed.ids && typeof parsed.ids === 'object' ? parsed.ids : {};
    return {
      ids: Object.fromEntries(
        Object.entries(ids).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && /^[0-9a-f]{24}$/.test(entry[1]),
        ),
      ),
    };
  } catch {
    // Missing (a first start) or unreadable: servers get new folders; the old ones are unused.
    return { ids: {} };
  }
}
