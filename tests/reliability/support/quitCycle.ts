/**
 * One quit cycle: a host process (tests/reliability/support/hostWorker.ts) starts servers that
 * each start a grandchild, makes a call that never ends on each, and is then quit (as the app
 * quits) or force-quit (SIGKILL). Returns the processes still running afterwards: none, when
 * Hearth cleans up after itself.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const WORKER = join(import.meta.dirname, 'hostWorker.ts');

/** True while the process runs; a zombie waiting for init to reap it has already ended. */
export function isRunning(pid: number): boolean {
  if (process.platform === 'linux') {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'Z';
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface QuitCycle {
  /** Every process the host knew of: servers, grandchildren, helpers. */
  pids: number[];
  /** Those still running `settleMs` after the host was gone. */
  leftover: number[];
}

export async function quitCycle(
  dataDir: string,
  how: 'quit' | 'force',
  servers = 2,
  settleMs = 5_000,
): Promise<QuitCycle> {
  const host = spawn(process.execPath, ['--import', 'tsx', WORKER, dataDir, String(servers)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  host.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(host, 'exit');
  const [line] = (await Promise.race([once(host.stdout, 'data'), exited])) as [Buffer];
  if (host.exitCode !== null) throw new Error(`the host worker exited early: ${stderr}`);
  const pids = (JSON.parse(line.toString()) as { pids: number[] }).pids.filter((pid) => pid > 0);
  if (how === 'quit') host.stdin.write('quit\n');
  else host.kill('SIGKILL');
  await exited;
  const deadline = Date.now() + settleMs;
  while (pids.some(isRunning) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const leftover = pids.filter(isRunning);
  // Leave nothing behind for the next cycle, whatever the result.
  for (const pid of leftover) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  return { pids, leftover };
}
