/**
 * Runs a program without an extra shell and returns its stdout, killed (with everything it
 * started) when it runs too long or prints too much. Used to ask the login shell for its PATH.
 */
import { spawn } from 'node:child_process';

/** A banner or motd is a few KiB and a PATH under 10 KiB; more than this is a runaway rc file. */
export const MAX_SHELL_OUTPUT_BYTES = 256 * 1024;

/** Enough of stderr to quote the last error line in a message. */
const MAX_STDERR_BYTES = 4096;

/** Thrown when the program outlived its time limit, so callers can say "took too long". */
export class ShellTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`it did not finish within ${timeoutMs} ms`);
    this.name = 'ShellTimeoutError';
  }
}

/** Resolves with stdout; rejects with a short, readable reason (timeout, exit code, not found). */
export function runShellCommand(
  file: string,
  args: string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    // spawn, not execFile: execFile drops `detached`. Detached, the shell leads its own process
    // group, so a timeout also kills what its rc files started (a `sleep` holding stdout open),
    // and an interactive shell has no terminal to grab. stdin is closed so a prompt reads EOF.
    const child = spawn(file, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let settled = false;
    const finish = (outcome: Error | string): void => {
      // Only the first outcome counts; a second group kill could hit a reused process id.
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (typeof outcome === 'string') resolve(outcome);
      else {
        killGroup(child.pid);
        reject(outcome);
      }
    };
    const timer = setTimeout(() => finish(new ShellTimeoutError(timeoutMs)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_SHELL_OUTPUT_BYTES) {
        finish(new Error(`it printed more than ${MAX_SHELL_OUTPUT_BYTES} bytes`));
      } else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-MAX_STDERR_BYTES);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(
        new Error(error.code === 'ENOENT' ? 'the shell program was not found' : error.message),
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) finish(Buffer.concat(stdout).toString('utf8'));
      else finish(new Error(describeExit(code, signal, stderr)));
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    // Interactive shells ignore SIGTERM, so only SIGKILL reliably stops them.
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone: nothing left to stop.
  }
}

function describeExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  const lastLine = stderr.trim().split('\n').pop()?.trim();
  const detail = lastLine ? ` (${lastLine.slice(0, 200)})` : '';
  if (code !== null) return `it exited with code ${code}${detail}`;
  return `it was stopped by ${signal ?? 'a signal'}${detail}`;
}
