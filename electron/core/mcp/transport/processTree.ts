/**
 * Ending a server means ending everything it started: servers launched through `npx`, `uvx` or
 * a wrapper script run as grandchildren. On POSIX each server leads its own process group (it is
 * spawned detached), so a signal to the group reaches them all; on Windows `taskkill /T` walks
 * the tree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { orphanReaper } from './orphanReaper';

/** How long a server gets to exit on SIGTERM before the group is killed outright. */
export const STOP_GRACE_MS = 2_000;

/** Every server process alive now, so the app's last act can end them all. */
const live = new Set<number>();

/** Tracks a spawned server until it exits. */
export function track(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  live.add(pid);
  // If Hearth itself is killed outright, the reaper ends the group.
  orphanReaper.watch(pid);
  child.once('exit', () => {
    live.delete(pid);
    orphanReaper.forget(pid);
  });
}

/** Kills every tracked server tree at once; for `process.on('exit')`, where nothing can wait. */
export function killAllNow(): void {
  for (const pid of live) killGroupNow(pid);
  live.clear();
}

/** Asks the whole tree to stop, kills it after `graceMs`, and resolves once the leader has exited. */
export function terminateTree(child: ChildProcess, graceMs = STOP_GRACE_MS): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return Promise.resolve();
  if (hasExited(child)) {
    // The leader is gone, but what it started may not be.
    killGroupNow(pid);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => killGroupNow(pid), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      killGroupNow(pid);
      resolve();
    });
    if (process.platform === 'win32') {
      spawn('taskkill', ['/pid', String(pid), '/T', '/F'], {
        windowsHide: true,
        stdio: 'ignore',
      }).on('error', () => child.kill());
    } else {
      if (!signalGroup(pid, 'SIGTERM')) child.kill('SIGTERM');
    }
  });
}

/** Kills the tree at once, synchronously: for the process's own `exit`, when nothing can wait. */
export function killGroupNow(pid: number): void {
  if (process.platform === 'win32') {
    try {
      process.kill(pid);
    } catch {
      // Already gone.
    }
    return;
  }
  signalGroup(pid, 'SIGKILL');
}

function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}
