/** Runs the built browser host (`out/main/headless.js`) as `npm run serve` does, in a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  origin: string;
  token: string;
  stderr: () => string;
  stop(): Promise<void>;
}

export const URL_LINE =
  /^Hearth is running at (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)$/m;

/** Starts a command that prints the URL line and resolves once it has. */
export function startServe(
  command: string,
  args: string[],
  timeoutMs = 60_000,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServeProcess> {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`No URL line within ${timeoutMs} ms.\n${stdout}\n${stderr}`)),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      stopGroup(child);
      reject(error);
    };
    child.on('exit', (code) =>
      fail(new Error(`Exited with ${code} before printing the URL.\n${stdout}\n${stderr}`)),
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = URL_LINE.exec(stdout);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const url = match[1];
      resolve({
        child,
        url,
        origin: new URL(url).origin,
        token: new URL(url).searchParams.get('token') ?? '',
        stderr: () => stderr,
        stop: () => stopGroup(child),
      });
    });
  });
}

/** Ends the process and everything it started (npm runs node under a shell). */
function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (child.exitCode !== null || child.signalCode !== null || !pid) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

export function startBuiltHost(
  dataDir: string,
  port = 0,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServeProcess> {
  const script = join(REPO_ROOT, 'out', 'main', 'headless.js');
  return startServe(
    process.execPath,
    [script, '--port', String(port), '--data-dir', dataDir],
    60_000,
    env,
  );
}
