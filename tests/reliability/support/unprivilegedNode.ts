/**
 * Permissions do not stop root, so as root the checks of unreadable files and read-only folders
 * run their worker as `nobody`. That user must be able to start Node: one installed under root's
 * home (where CI puts it) is out of its reach, so then a copy goes to a folder it can read.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../support/testHost';
import { workerArgs } from './killDuringWrites';

/** Whom the worker runs as: nobody when the tests run as root. */
type RunAs = { uid?: number; gid?: number };

export type WorkerNode =
  { ok: true; execPath: string; options: RunAs } | { ok: false; reason: string };

const NOBODY = { uid: 65534, gid: 65534 };

function canRun(execPath: string, options: RunAs): boolean {
  return spawnSync(execPath, ['--import', 'tsx', '-e', '0'], options).status === 0;
}

let found: WorkerNode | undefined;

/** How to start a worker that file permissions apply to; found once per test file. */
export function workerNode(): WorkerNode {
  if (found) return found;
  if (process.getuid?.() !== 0)
    return (found = { ok: true, execPath: process.execPath, options: {} });
  if (canRun(process.execPath, NOBODY)) {
    return (found = { ok: true, execPath: process.execPath, options: NOBODY });
  }
  const dir = tempDir('node-for-nobody');
  chmodSync(dir, 0o755);
  const copy = join(dir, 'node');
  copyFileSync(process.execPath, copy);
  chmodSync(copy, 0o755);
  if (canRun(copy, NOBODY)) return (found = { ok: true, execPath: copy, options: NOBODY });
  return (found = {
    ok: false,
    reason:
      'running as root, and the user nobody (who file permissions apply to) cannot read this checkout to run the worker',
  });
}

/** Runs storeWorker.ts in `mode` as that user and returns what it printed (one JSON line). */
export function runStoreWorker<T>(dataDir: string, mode: string): T {
  const node = workerNode();
  if (!node.ok) throw new Error(node.reason);
  const result = spawnSync(node.execPath, workerArgs(dataDir, mode), {
    encoding: 'utf8',
    ...node.options,
  });
  if (result.status !== 0) {
    throw new Error(`worker ${mode} failed: ${result.stderr || result.error?.message}`);
  }
  return JSON.parse(result.stdout) as T;
}

/** A temporary folder that user may write in too. */
export function sharedDir(prefix: string): string {
  const dir = tempDir(prefix);
  chmodSync(dir, 0o777);
  return dir;
}
