/**
 * Where installed bundles live: `bundles/<name>-<id>/<version>-<hash>` in the data folder. The
 * id is the installed bundle's own (random, never reused), so two bundles whose names clean up
 * to the same text ("coll a", "coll_a") can never share a folder; the hash is the file's, so
 * changed files always land in a new folder, and the server's launch (its folder is part of it)
 * needs the user's approval again. Removing one bundle removes its folder and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A new installed bundle's id: 12 hexadecimal digits. */
export function newBundleId(taken: (id: string) => boolean): string {
  for (;;) {
    const id = randomBytes(6).toString('hex');
    if (!taken(id)) return id;
  }
}

/** The folder a bundle's files go in. */
export function bundleFolder(
  root: string,
  bundle: { name: string; id: string; version: string; sha256: string },
): string {
  return join(
    root,
    `${safeSegment(bundle.name, 60)}-${bundle.id}`,
    `${safeSegment(bundle.version, 60)}-${bundle.sha256.slice(0, 12)}`,
  );
}

/** Whether `folder` is `other` or inside it (or holds it). */
export function overlaps(folder: string, other: string): boolean {
  const a = resolve(folder);
  const b = resolve(other);
  return a === b || a.startsWith(b + sep) || b.startsWith(a + sep);
}

/**
 * Removes an installed bundle's folder, then its parent when that is left empty and is a
 * bundle's own folder under `root` (never `root` itself, never a folder outside it).
 */
export function removeBundleFolder(root: string, folder: string): void {
  const inside = relative(resolve(root), resolve(folder));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return;
  rmSync(folder, { recursive: true, force: true });
  const parent = dirname(resolve(folder));
  if (parent !== resolve(root) && existsSync(parent) && readdirSync(parent).length === 0)
    rmSync(parent, { recursive: true, force: true });
}

/** A folder name from manifest text: no separators, no dots alone, short. */
function safeSegment(text: string, length: number): string {
  const cleaned = text
    .replace(/[^A-Za-z0-9._@+-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, length);
  return cleaned || '_';
}
