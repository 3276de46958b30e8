/**
 * A fresh clone (tests/support/firstRun/freshClone.ts: the tree's files, node_modules linked, an
 * `electron` package without its binary) in which the production dependencies are real folders,
 * as `npm ci` leaves them: electron-builder collects what it packs from `npm ls` and cannot
 * follow packages that are links out of the project. They are hard-linked copies (`cp -al`:
 * nothing is copied byte for byte; the build only reads node_modules).
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { freshClone } from '../../support/firstRun/freshClone';
import { REPO_ROOT } from '../../support/serveProcess';

/** The top-level folders under node_modules that hold production dependencies. */
function productionPackages(): string[] {
  const listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const tops = new Set<string>();
  for (const line of listing.split('\n')) {
    const path = relative(join(REPO_ROOT, 'node_modules'), line.trim());
    if (!line.trim() || path.startsWith('..') || path === '') continue;
    const parts = path.split('/');
    tops.add(parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''));
  }
  tops.delete('electron');
  return [...tops].filter(Boolean);
}

/**
 * Replaces the clone's link to a scope folder (`@scope`, linked whole by freshClone) with a real
 * folder of links, so one package in it can be replaced without touching this checkout.
 */
function unlinkScope(clone: string, scope: string): void {
  const at = join(clone, 'node_modules', scope);
  if (!lstatSync(at).isSymbolicLink()) return;
  unlinkSync(at);
  mkdirSync(at);
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules', scope)))
    symlinkSync(join(REPO_ROOT, 'node_modules', scope, name), join(at, name));
}

export function releaseClone(): string {
  const clone = freshClone();
  for (const name of productionPackages()) {
    if (name.includes('/')) unlinkScope(clone, name.split('/')[0] ?? '');
    const linked = join(clone, 'node_modules', name);
    // Only ever a link is removed here, never a folder (which could be this checkout's own).
    if (!lstatSync(linked).isSymbolicLink()) continue;
    unlinkSync(linked);
    execFileSync('cp', ['-al', join(REPO_ROOT, 'node_modules', name), linked]);
  }
  return clone;
}
