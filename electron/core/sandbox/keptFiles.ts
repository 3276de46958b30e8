/**
 * What a deleted server wrote for the user, told apart from what Hearth clears as its cache. A
 * server's own folder holds its launcher's caches (npm's `_npx/<hash>/node_modules`, uv's tools)
 * and whatever it wrote there itself; some servers keep the user's data beside their code (the
 * memory server's `memory.jsonl` sits next to its `dist/index.js`). A file in an npx install
 * changed after npm finished that install (its `node_modules/.package-lock.json`, written last)
 * is the server's; so is a file in a uv environment (uvx's, in uv's cache, or a `uv tool`'s)
 * changed after uv wrote the last of its packages' RECORD files, and anything in its folder
 * outside the caches. Those are moved to
 * `~/Hearth/kept/<server>/` before the folder is removed, and the delete says so.
 */
import { lstat, mkdir, readdir, rename, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';

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
    if (entry !== 'cache') found.push(...(await filesBelow(path)));
    else
      found.push(
        ...(await writtenInNpxInstalls(join(path, 'npm', '_npx'))),
        // uvx's environments are persisted as `archive-v0/<id>` (uv-cache's `Cache::persist`);
        // `uv tool install`'s live in the tool folder, one per tool.
        ...(await writtenInUvEnvironments(join(path, 'uv', 'archive-v0'))),
        ...(await writtenInUvEnvironments(join(path, 'uv-tools'))),
      );
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

/**
 * `cache/npm/_npx/<hash>/node_modules/pkg/dist/memory.jsonl` → `pkg/dist/memory.jsonl`, and
 * `cache/uv/archive-v0/<id>/lib/python3.12/site-packages/pkg/notes.db` → `pkg/notes.db`.
 */
function shortPlace(path: string): string {
  const inPackage = /(?:^|\/)(?:node_modules|site-packages)\/(.+)$/.exec(path)?.[1];
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

/**
 * uv installs each package's files and writes its RECORD last (uv-install-wheel's
 * `install_wheel`), then moves the finished environment into place whole (a rename keeps every
 * time): whatever is newer than the newest RECORD the server wrote. Python's own bytecode
 * (`__pycache__`, written at the server's first import) is not the user's.
 */
async function writtenInUvEnvironments(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const id of await entriesOf(folder)) {
    const environment = join(folder, id);
    // An environment (not an unpacked wheel, which sits in the same bucket).
    if (!(await stat(join(environment, 'pyvenv.cfg')).catch(() => undefined))) continue;
    const files = (await filesBelow(environment)).filter(
      (file) => !file.split(sep).includes('__pycache__'),
    );
    const records = files.filter(
      (file) => basename(file) === 'RECORD' && basename(dirname(file)).endsWith('.dist-info'),
    );
    // No RECORD: an install cut short, all of it uv's.
    if (records.length === 0) continue;
    let installed = 0;
    for (const record of records)
      installed = Math.max(installed, (await stat(record).catch(() => undefined))?.mtimeMs ?? 0);
    for (const file of files) {
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs > installed) found.push(file);
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
