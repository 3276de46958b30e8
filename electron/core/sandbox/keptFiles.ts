/**
 * What a deleted server wrote for the user, told apart from what Hearth clears as its cache. A
 * server's own folder holds its launcher's caches (npm's `_npx/<hash>/node_modules`, uv's tools)
 * and whatever it wrote there itself; some servers keep the user's data beside their code (the
 * memory server's `memory.jsonl` sits next to its `dist/index.js`). A file in an npx install
 * changed after npm finished that install (its `node_modules/.package-lock.json`, written last)
 * is the server's, and so is anything in its folder outside the caches. Those are moved to
 * `~/Hearth/kept/<server>/` before the folder is removed, and the delete says so.
 */
import { lstat, mkdir, readdir, rename, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';

/** Where a deleted server's own files go, in the user's Hearth folder. */
export function keptFolderOf(home: string, serverName: string): string {
  const safe = serverName.replace(/[^\p{L}\p{N} ._-]+/gu, '-').trim() || 'server';
  return join(home, 'Hearth', 'kept', safe);
}

/** The files in a server's own folder that it wrote (not its launcher's caches). */
export async function filesItWrote(ownFolder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await entriesOf(ownFolder)) {
    const path = join(ownFolder, entry);
    if (entry === 'cache') found.push(...(await writtenInNpxInstalls(join(path, 'npm', '_npx'))));
    else found.push(...(await filesBelow(path)));
  }
  return found;
}

/** Moves them out (keeping their place below the folder); returns where each went. */
export async function keepFiles(
  ownFolder: string,
  files: string[],
  keptFolder: string,
): Promise<{ from: string; to: string }[]> {
  const moved: { from: string; to: string }[] = [];
  for (const file of files) {
    const to = join(keptFolder, shortPlace(relative(ownFolder, file)));
    await mkdir(dirname(to), { recursive: true });
    await rename(file, to);
    moved.push({ from: file, to });
  }
  return moved;
}

/** `cache/npm/_npx/<hash>/node_modules/pkg/dist/memory.jsonl` → `pkg/dist/memory.jsonl`. */
function shortPlace(path: string): string {
  const inPackage = /(?:^|\/)node_modules\/(.+)$/.exec(path)?.[1];
  return inPackage ?? path;
}

async function writtenInNpxInstalls(npx: string): Promise<string[]> {
  const found: string[] = [];
  for (const hash of await entriesOf(npx)) {
    const modules = join(npx, hash, 'node_modules');
    const installed = await stat(join(modules, '.package-lock.json')).catch(() => undefined);
    if (!installed) continue;
    // npm writes the lock last, after every file it unpacked, and the server runs only after
    // that: whatever is newer than the lock the server wrote. No slack: a server may write its
    // data within a second of its install (a first call right after a first start), and slack
    // would count that data as the install's and delete it.
    const after = installed.mtimeMs;
    for (const file of await filesBelow(modules)) {
      if (basename(file) === '.package-lock.json') continue;
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs > after) found.push(file);
    }
  }
  return found;
}

/** Regular files below a path (links not followed). */
async function filesBelow(path: string): Promise<string[]> {
  const info = await lstat(path).catch(() => undefined);
  if (!info) return [];
  if (info.isFile()) return [path];
  if (!info.isDirectory()) return [];
  const found: string[] = [];
  for (const entry of await entriesOf(path)) found.push(...(await filesBelow(join(path, entry))));
  return found;
}

async function entriesOf(folder: string): Promise<string[]> {
  return readdir(folder).catch((): string[] => []);
}
