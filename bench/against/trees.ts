/**
 * The trees `--against` compares: this working tree, or a commit checked out in a temporary git
 * worktree outside the repository (under the system's temp folder), with its own node_modules (a
 * link to this tree's when both lock files are the same, else `npm ci`) and its own build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export interface BenchTree {
  /** What the user named (a ref, or "this tree"). */
  label: string;
  /** The commit, or undefined for the working tree. */
  commit?: string;
  root: string;
  /** Removes the worktree (nothing for the working tree). */
  dispose(): void;
}

function git(args: string[], cwd = REPO_ROOT): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

export function resolveCommit(ref: string): string {
  try {
    return git(['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`]);
  } catch {
    throw new Error(`"${ref}" is not a commit, tag or branch of this repository.`);
  }
}

export function workingTree(): BenchTree {
  return { label: 'this tree', root: REPO_ROOT, dispose: () => undefined };
}

/** Checks the commit out outside the repository (reusing an earlier checkout of it) and installs. */
export function commitTree(ref: string, keep: boolean): BenchTree {
  const commit = resolveCommit(ref);
  const root = join(tmpdir(), `hearth-bench-${commit.slice(0, 12)}`);
  const reused = existsSync(join(root, '.git')) && git(['rev-parse', 'HEAD'], root) === commit;
  if (!reused) {
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--force', '--detach', root, commit]);
  }
  installDependencies(root, commit);
  return {
    label: `${ref} (${commit.slice(0, 10)})`,
    commit,
    root,
    dispose: () => {
      if (keep) return;
      git(['worktree', 'remove', '--force', root]);
    },
  };
}

function installDependencies(root: string, commit: string): void {
  if (existsSync(join(root, 'node_modules'))) return;
  const theirs = JSON.parse(git(['show', `${commit}:package-lock.json`])) as LockFile;
  const ours = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as LockFile;
  if (installedHere(theirs, ours)) {
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    return;
  }
  process.stdout.write(`# npm ci in ${root} (it needs packages this tree does not have)\n`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`npm ci failed in ${root} (exit ${result.status}).`);
}

interface LockFile {
  packages?: Record<string, { version?: string; integrity?: string }>;
}

/**
 * Whether every package the commit's lock file names is here at the same version: this tree's
 * node_modules serves it then (a package added since does no harm to code that never imports it).
 */
export function installedHere(theirs: LockFile, ours: LockFile): boolean {
  return Object.entries(theirs.packages ?? {}).every(([path, entry]) => {
    if (path === '') return true;
    const here = ours.packages?.[path];
    return here?.version === entry.version && here?.integrity === entry.integrity;
  });
}

/** Builds main, preload and renderer into the tree's out/, once before the rounds. */
export function buildTree(tree: BenchTree): void {
  const result = spawnSync(
    process.execPath,
    [
      join(tree.root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'),
      'build',
      '--logLevel',
      'warn',
    ],
    { cwd: tree.root, stdio: 'inherit' },
  );
  if (result.status !== 0)
    throw new Error(`Building ${tree.label} failed with exit code ${result.status}.`);
}
