import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand, SUDO_ARGUMENTS } from '../../../electron/core/builtin/commands/runCommand';

const FAKE_SUDO_DIR = resolve('tests/fixtures/fakeSudo');
const BASE = { timeoutMs: 10_000, maxOutputBytes: 64 * 1024 };

/** Alive means running: a zombie waiting for a parent to reap it is already dead. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  try {
    const state = readFileSync(stat, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

async function waitUntilDead(pid: number, withinMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return !isAlive(pid);
}

describe.skipIf(process.platform === 'win32')('runCommand', () => {
  it('returns stdout, stderr and the exit code', async () => {
    const result = await runCommand('echo hello; echo oops >&2; exit 3', BASE);
    expect(result).toEqual({
      exitCode: 3,
      signal: null,
      stdout: 'hello\n',
      stderr: 'oops\n',
      truncated: false,
      timedOut: false,
      cancelled: false,
    });
  });

  it('reports a command ended by a signal', async () => {
    const result = await runCommand('kill -9 $$', BASE);
    expect(result.exitCode).toBeNull();
    expect(result.signal).toBe('SIGKILL');
  });

  it('runs in the given folder with the given environment', async () => {
    const folder = await realpath(tmpdir());
    const result = await runCommand('pwd; echo "$GREETING"', {
      ...BASE,
      cwd: folder,
      env: { PATH: process.env.PATH, GREETING: 'hi there' },
    });
    expect(result.stdout).toBe(`${folder}\nhi there\n`);
  });

  it('gives the command no stdin, so a program waiting for input ends at once', async () => {
    const started = Date.now();
    const result = await runCommand('cat; echo done', BASE);
    expect(result.stdout).toBe('done\n');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('keeps the head of long output and notes the cut', async () => {
    const result = await runCommand("head -c 10000 /dev/zero | tr '\\0' a", {
      ...BASE,
      maxOutputBytes: 1_000,
    });
    expect(result.truncated).toBe(true);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.startsWith('a'.repeat(1_000))).toBe(true);
    expect(result.stdout).not.toContain('a'.repeat(1_001));
    expect(result.stdout).toContain('[… 9000 more bytes cut]');
  });

  it('counts stdout and stderr against one cap', async () => {
    const result = await runCommand('printf 12345; sleep 0.1; printf 67890 >&2', {
      ...BASE,
      maxOutputBytes: 7,
    });
    expect(result.stdout).toBe('12345');
    expect(result.stderr).toMatch(/^67\n\[… 3 more bytes cut\]$/);
    expect(result.truncated).toBe(true);
  });

  it('does not split a character where it cuts', async () => {
    const result = await runCommand("for i in 1 2 3 4 5 6 7 8 9 10; do printf 'é'; done", {
      ...BASE,
      maxOutputBytes: 5,
    });
    expect(result.stdout.startsWith('éé\n[')).toBe(true);
    expect(result.stdout).not.toContain('\uFFFD');
  });

  it('stops the whole process group on timeout, a background child included', async () => {
    const started = Date.now();
    const result = await runCommand('sleep 30 & echo $!; sleep 30', { ...BASE, timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    const backgroundPid = Number(result.stdout.trim());
    expect(backgroundPid).toBeGreaterThan(0);
    expect(await waitUntilDead(backgroundPid)).toBe(true);
  });

  it('kills a command that ignores SIGTERM after the grace period', async () => {
    const result = await runCommand("trap '' TERM; sleep 30 & echo $!; wait", {
      ...BASE,
      timeoutMs: 200,
    });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
    expect(await waitUntilDead(Number(result.stdout.trim()))).toBe(true);
  }, 10_000);

  it('stops the group when aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await runCommand('sleep 30 & echo $!; sleep 30', {
      ...BASE,
      signal: controller.signal,
    });
    expect(result.cancelled).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(await waitUntilDead(Number(result.stdout.trim()))).toBe(true);
  });

  it('does not start a command whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runCommand('echo should-not-run', { ...BASE, signal: controller.signal });
    expect(result).toMatchObject({ cancelled: true, exitCode: null, stdout: '' });
  });

  it('returns when the shell exits, though a background job still holds the output open', async () => {
    const started = Date.now();
    const result = await runCommand('sleep 30 & echo $!', BASE);
    const backgroundPid = Number(result.stdout.trim());
    try {
      expect(result.exitCode).toBe(0);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      process.kill(backgroundPid, 'SIGKILL');
    }
  });

  it('rejects when the command cannot be started', async () => {
    await expect(runCommand('true', { ...BASE, cwd: '/no/such/folder/here' })).rejects.toThrow(
      /ENOENT/,
    );
  });
});

describe.skipIf(process.platform === 'win32')('runCommand with a password (fake sudo)', () => {
  let folder: string;
  let env: NodeJS.ProcessEnv;
  const password = 'pa ss$word "7"';

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'hearth-sudo-'));
    env = {
      PATH: `${FAKE_SUDO_DIR}${delimiter}${process.env.PATH ?? ''}`,
      FAKE_SUDO_LOG: join(folder, 'argv'),
      FAKE_SUDO_STDIN: join(folder, 'stdin'),
      FAKE_SUDO_PASSWORD: password,
    };
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes the password and a newline to sudo -k -S -p "" and nothing else to the command', async () => {
    const result = await runCommand('cat; echo "as root: $FAKE_SUDO_ROOT"', {
      ...BASE,
      env,
      password,
    });
    expect(result).toMatchObject({
      exitCode: 0,
      stdout: 'as root: 1\n',
      stderr: '',
      wrongPassword: false,
    });
    expect(await readFile(join(folder, 'stdin'), 'utf8')).toBe(`${password}\n`);
    const argv = await readFile(join(folder, 'argv'), 'utf8');
    expect(argv).toBe(
      `${[...SUDO_ARGUMENTS, '/bin/sh', '-c', 'cat; echo "as root: $FAKE_SUDO_ROOT"'].map((arg) => `[${arg}]`).join(' ')} \n`,
    );
    expect(argv).not.toContain(password);
  });

  it('recognises a wrong password from sudo and does not retry', async () => {
    const result = await runCommand('echo ran', { ...BASE, env, password: 'wrong' });
    expect(result.wrongPassword).toBe(true);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(await readFile(join(folder, 'stdin'), 'utf8')).toBe('wrong\n');
  });

  it('does not call a failing command a wrong password', async () => {
    const result = await runCommand('echo failed >&2; exit 1', { ...BASE, env, password });
    expect(result).toMatchObject({ exitCode: 1, wrongPassword: false });
  });
});
