/**
 * A GUI-launched app on macOS or Linux gets the desktop's bare PATH, not the one the user's
 * terminal has, so `npx`, `uvx` and `docker` servers would not be found. This asks the user's
 * login shell for its PATH once, and falls back to the inherited PATH on any trouble.
 *
 * Not `shell-env`: it has no timeout (a login script that waits for input stalls it for good),
 * cannot end the shell's process group, takes a shell's echo of its own command (`set -v`) for
 * the output, and splits multi-line values into bogus variables; Hearth needs only PATH.
 */
import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import { runShellCommand, ShellTimeoutError } from './runShellCommand';
import { withinTime } from '../withinTime';

/** Long enough for a heavy zsh setup (oh-my-zsh, nvm) to start; short enough not to stall launch. */
export const LOGIN_SHELL_TIMEOUT_MS = 5000;

/** Runs a program and resolves with its stdout; the seam tests replace. */
export type ShellRunner = (file: string, args: string[], timeoutMs: number) => Promise<string>;

/** What `readLoginShellPath` needs; pass `shell: process.env.SHELL`. */
export interface LoginShellPathOptions {
  platform: NodeJS.Platform;
  shell?: string;
  currentPath: string;
  timeoutMs?: number;
  run?: ShellRunner;
  /** Environment for the default runner (tests give it a temporary HOME). */
  env?: NodeJS.ProcessEnv;
}

/** The PATH to launch servers with, where it came from, and why the shell was not used. */
export interface LoginShellPathResult {
  path: string;
  source: 'login-shell' | 'inherited';
  problem?: string;
}

/** Never rejects: any failure or timeout yields the current PATH with a `problem` sentence. */
export async function readLoginShellPath(
  options: LoginShellPathOptions,
): Promise<LoginShellPathResult> {
  const { platform, currentPath } = options;
  if (platform === 'win32') {
    return inherited(
      currentPath,
      'On Windows, apps get the same PATH as the terminal, so Hearth did not ask a login shell.',
    );
  }
  const shell = options.shell?.trim() || defaultShell(platform);
  const timeoutMs = options.timeoutMs ?? LOGIN_SHELL_TIMEOUT_MS;
  const run = options.run ?? ((file, args, ms) => runShellCommand(file, args, ms, options.env));
  const markers = newMarkers();
  let output: string;
  try {
    const args = ['-ilc', printPathCommand(shell, markers)];
    // The runner should stop itself; this guards against one that never settles.
    const printed = await withinTime(run(shell, args, timeoutMs), timeoutMs);
    if (printed === undefined) throw new ShellTimeoutError(timeoutMs);
    output = printed;
  } catch (error) {
    return inherited(currentPath, shellFailure(shell, error, timeoutMs));
  }
  const loginPath = betweenMarkers(output, markers);
  if (loginPath === undefined) {
    return inherited(
      currentPath,
      `Your login shell (${shell}) did not print its PATH, so Hearth used the PATH it was started with.`,
    );
  }
  return { path: mergePaths(loginPath, currentPath), source: 'login-shell' };
}

/** Login-shell entries first, then inherited ones it lacks; empty entries and repeats dropped. */
export function mergePaths(first: string, second: string): string {
  const seen = new Set<string>();
  for (const entry of [...first.split(':'), ...second.split(':')]) {
    if (entry !== '') seen.add(entry);
  }
  return [...seen].join(':');
}

interface Markers {
  start: [string, string];
  end: [string, string];
}

function defaultShell(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? '/bin/zsh' : '/bin/bash';
}

function newMarkers(): Markers {
  const token = randomBytes(8).toString('hex');
  return { start: ['__HEARTH_PATH_START_', token], end: ['__HEARTH_PATH_END_', token] };
}

/**
 * Each marker is printed from two halves, so a shell that echoes its command (set -v) never
 * shows a whole marker; only the real output does.
 */
function printPathCommand(shell: string, markers: Markers): string {
  // fish keeps PATH as a list and prints it space-separated unless joined.
  const value = posix.basename(shell) === 'fish' ? '(string join : $PATH)' : '"$PATH"';
  const [s1, s2] = markers.start;
  const [e1, e2] = markers.end;
  return `printf '%s%s%s%s%s' '${s1}' '${s2}' ${value} '${e1}' '${e2}'`;
}

function betweenMarkers(output: string, markers: Markers): string | undefined {
  const start = markers.start.join('');
  const end = markers.end.join('');
  const startIndex = output.indexOf(start);
  if (startIndex < 0) return undefined;
  const valueStart = startIndex + start.length;
  const endIndex = output.indexOf(end, valueStart);
  if (endIndex < 0) return undefined;
  const value = output.slice(valueStart, endIndex);
  return value.trim() === '' || value.includes('\n') ? undefined : value;
}

function shellFailure(shell: string, error: unknown, timeoutMs: number): string {
  const fallback = 'so Hearth used the PATH it was started with';
  if (error instanceof ShellTimeoutError) {
    const seconds = timeoutMs / 1000;
    return `Your login shell (${shell}) took longer than ${seconds} s to start, ${fallback}.`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `Hearth could not read the PATH from your login shell (${shell}): ${reason}; ${fallback}.`;
}

function inherited(currentPath: string, problem: string): LoginShellPathResult {
  return { path: currentPath, source: 'inherited', problem };
}
