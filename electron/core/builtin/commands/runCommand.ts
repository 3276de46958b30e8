/**
 * Runs one shell command the user approved, in its own process group, with its output capped and
 * its run time bounded. With a password, the command runs under `sudo -k -S`: the password goes
 * to sudo's stdin and nowhere else (not argv, not the environment, not a log).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

/**
 * sudo's arguments before the shell: `-k` ignores and leaves no cached credential, `-S` reads the
 * password from stdin, `-p ''` keeps the prompt out of stderr, `--` ends sudo's options.
 */
export const SUDO_ARGUMENTS = ['-k', '-S', '-p', '', '--'] as const;

/** Time a stopped command gets between SIGTERM and SIGKILL: sudo relays SIGTERM to its command. */
export const KILL_GRACE_MS = 2_000;

/**
 * After the shell exits, how long to wait for its output pipes to close. A background job it left
 * running may hold them open; it is left alone (it may be a server the user asked to start), but
 * the call does not wait for it.
 */
export const EXIT_DRAIN_MS = 250;

/** The text that recognises sudo's answer to a wrong password (sudo exits 1 and says so). */
const WRONG_PASSWORD = /Sorry, try again|incorrect password attempt|Authentication failure/i;

export interface RunCommandOptions {
  cwd?: string;
  timeoutMs: number;
  /** Cap on stdout and stderr together; the beginning is kept. */
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** Runs the command under sudo with this password (POSIX only). */
  password?: string;
  /** `/bin/sh` by default on POSIX; ignored on Windows, where `cmd.exe` runs the command. */
  shell?: string;
  env?: NodeJS.ProcessEnv;
  /** What to start instead of `shell -c command` (the OS sandbox's wrap of it); not with sudo. */
  spawnAs?: { file: string; args: string[] };
}

export interface RunCommandResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  timedOut: boolean;
  cancelled: boolean;
  /** sudo refused the password; the command did not run and was not retried. */
  wrongPassword?: boolean;
}

/** Runs `command` to completion, timeout or abort; rejects only when it cannot be started at all. */
export function runCommand(command: string, options: RunCommandOptions): Promise<RunCommandResult> {
  const windows = process.platform === 'win32';
  const elevated = options.password !== undefined;
  if (elevated && windows) {
    return Promise.reject(
      new Error('Running a command with a password needs sudo (macOS and Linux only).'),
    );
  }
  const { signal, timeoutMs } = options;
  if (signal?.aborted === true) return Promise.resolve(emptyResult({ cancelled: true }));

  const shell = options.shell ?? '/bin/sh';
  const [file, args] = windows
    ? [process.env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', `"${command}"`]]
    : elevated
      ? ['sudo', [...SUDO_ARGUMENTS, shell, '-c', command]]
      : options.spawnAs
        ? [options.spawnAs.file, options.spawnAs.args]
        : [shell, ['-c', command]];
  const child = spawn(file, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: !windows,
    windowsHide: true,
    windowsVerbatimArguments: windows,
    stdio: [elevated ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  if (elevated) writePassword(child, options);

  const output = new OutputCollector(options.maxOutputBytes);
  child.stdout?.on('data', (chunk: Buffer) => output.add('stdout', chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.add('stderr', chunk));

  return new Promise((resolve, reject) => {
    let timedOut = false;
    let cancelled = false;
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    let drainTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const stop = (): void => {
      if (killTimer !== undefined) return;
      signalTree(child, 'SIGTERM');
      killTimer = setTimeout(() => signalTree(child, 'SIGKILL'), KILL_GRACE_MS);
    };
    const onAbort = (): void => {
      cancelled = true;
      stop();
    };
    const timeout = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      clearTimeout(killTimer);
      clearTimeout(drainTimer);
      signal?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      const { stdout, stderr, truncated } = output.finish();
      const exitCode = child.exitCode;
      const result: RunCommandResult = {
        exitCode,
        signal: child.signalCode,
        stdout,
        stderr,
        truncated,
        timedOut,
        cancelled,
      };
      if (elevated) result.wrongPassword = exitCode === 1 && WRONG_PASSWORD.test(stderr);
      resolve(result);
    };

    child.once('error', (error) => {
      if (child.pid === undefined) {
        settled = true;
        clearTimeout(timeout);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      }
    });
    child.once('exit', () => {
      // A stopped command's stragglers go with it; a finished one's background jobs may stay.
      if (timedOut || cancelled) signalTree(child, 'SIGKILL');
      drainTimer = setTimeout(finish, timedOut || cancelled ? 0 : EXIT_DRAIN_MS);
    });
    child.once('close', finish);
  });
}

/**
 * Writes the password and a newline to sudo's stdin, closes it, and zeroes the bytes once
 * written. Takes the options object rather than the string so no closure here keeps the password.
 */
function writePassword(child: ChildProcess, options: RunCommandOptions): void {
  const stdin = child.stdin;
  if (stdin === null) return;
  const bytes = Buffer.from(`${options.password ?? ''}\n`, 'utf8');
  const wipe = (): void => {
    bytes.fill(0);
  };
  // sudo may exit before reading (e.g. not installed properly): EPIPE is not our error to raise.
  stdin.on('error', wipe);
  stdin.once('close', wipe);
  stdin.end(bytes, wipe);
}

/** Signals the whole process group (POSIX) or tree (Windows); a vanished group is fine. */
function signalTree(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (process.platform === 'win32') {
    spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true, stdio: 'ignore' }).on(
      'error',
      () => child.kill(),
    );
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

type StreamName = 'stdout' | 'stderr';

/** Keeps the first `limit` bytes of stdout and stderr together, counting what it drops. */
class OutputCollector {
  #remaining: number;
  readonly #kept: Record<StreamName, Buffer[]> = { stdout: [], stderr: [] };
  readonly #dropped: Record<StreamName, number> = { stdout: 0, stderr: 0 };

  constructor(limit: number) {
    this.#remaining = Math.max(0, limit);
  }

  add(stream: StreamName, chunk: Buffer): void {
    const take = Math.min(chunk.length, this.#remaining);
    if (take > 0) this.#kept[stream].push(Buffer.from(chunk.subarray(0, take)));
    this.#remaining -= take;
    this.#dropped[stream] += chunk.length - take;
  }

  finish(): { stdout: string; stderr: string; truncated: boolean } {
    return {
      stdout: this.#text('stdout'),
      stderr: this.#text('stderr'),
      truncated: this.#dropped.stdout + this.#dropped.stderr > 0,
    };
  }

  #text(stream: StreamName): string {
    const bytes = Buffer.concat(this.#kept[stream]);
    const dropped = this.#dropped[stream];
    if (dropped === 0) return bytes.toString('utf8');
    // A cut may split a character: the decoder holds back an incomplete one instead of garbling it.
    const head = new StringDecoder('utf8').write(bytes);
    return `${head}${head.endsWith('\n') ? '' : '\n'}[… ${dropped} more bytes cut]`;
  }
}

function emptyResult(flags: Partial<RunCommandResult>): RunCommandResult {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    truncated: false,
    timedOut: false,
    cancelled: false,
    ...flags,
  };
}
