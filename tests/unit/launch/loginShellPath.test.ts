import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mergePaths,
  readLoginShellPath,
  runShellCommand,
  type ShellRunner,
} from '../../../electron/core/programs';

/** Plays a shell: finds the marker halves in the printf command and prints them around `path`. */
function fakeShell(path: string, noise: { before?: string; after?: string } = {}): ShellRunner {
  return async (_file, args) => {
    const [, s1, s2, e1, e2] = [...(args[1] ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1]);
    return `${noise.before ?? ''}${s1}${s2}${path}${e1}${e2}${noise.after ?? ''}`;
  };
}

/** A killed process whose new parent has not reaped it yet (a zombie, state Z) is not running. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // No /proc (macOS): signal 0 succeeding is the best answer there.
  }
}

const linux = { platform: 'linux' as const, shell: '/bin/bash' };

describe('readLoginShellPath with a scripted shell', () => {
  it('takes only the PATH between the markers when rc files print banners before and after', async () => {
    const run = fakeShell('/opt/homebrew/bin:/usr/bin', {
      before: 'Welcome back!\n/usr/fake/bin:/not/this\n',
      after: '\nLast login: today\n',
    });
    const result = await readLoginShellPath({ ...linux, currentPath: '/usr/bin', run });
    expect(result).toEqual({ path: '/opt/homebrew/bin:/usr/bin', source: 'login-shell' });
  });

  it('runs the given shell as an interactive login shell with the given timeout', async () => {
    const run = vi.fn(fakeShell('/usr/bin'));
    await readLoginShellPath({
      ...linux,
      shell: '/usr/bin/zsh',
      currentPath: '',
      run,
      timeoutMs: 1234,
    });
    expect(run).toHaveBeenCalledOnce();
    const [file, args, timeoutMs] = run.mock.calls[0] ?? [];
    expect(file).toBe('/usr/bin/zsh');
    expect(args?.[0]).toBe('-ilc');
    expect(args?.[1]).toContain('"$PATH"');
    expect(timeoutMs).toBe(1234);
  });

  it('uses zsh on macOS and bash on Linux when no shell is given', async () => {
    const run = vi.fn(fakeShell('/usr/bin'));
    await readLoginShellPath({ platform: 'darwin', currentPath: '', run });
    await readLoginShellPath({ platform: 'linux', shell: '', currentPath: '', run });
    expect(run.mock.calls.map((call) => call[0])).toEqual(['/bin/zsh', '/bin/bash']);
  });

  it("joins fish's PATH list with colons instead of printing it space-separated", async () => {
    const run = vi.fn(fakeShell('/users/someone/.local/bin:/usr/bin'));
    const result = await readLoginShellPath({
      platform: 'linux',
      shell: '/usr/bin/fish',
      currentPath: '',
      run,
    });
    const command = run.mock.calls[0]?.[1][1] ?? '';
    expect(command).toContain('(string join : $PATH)');
    expect(command).not.toContain('"$PATH"');
    expect(result.path).toBe('/users/someone/.local/bin:/usr/bin');
  });

  it('ignores the markers in a command line the shell echoes back before running it', async () => {
    const run: ShellRunner = async (file, args, timeoutMs) =>
      `${args[1]}\n${await fakeShell('/real/bin')(file, args, timeoutMs)}`;
    const result = await readLoginShellPath({ ...linux, currentPath: '', run });
    expect(result.path).toBe('/real/bin');
  });

  it('falls back to the inherited PATH when the shell does not finish in time', async () => {
    const run: ShellRunner = () => new Promise<string>(() => undefined);
    const result = await readLoginShellPath({
      ...linux,
      currentPath: '/usr/bin',
      run,
      timeoutMs: 20,
    });
    expect(result.source).toBe('inherited');
    expect(result.path).toBe('/usr/bin');
    expect(result.problem).toMatch(/\/bin\/bash\) took longer than 0.02 s/);
  });

  it('falls back to the inherited PATH and says why when the shell exits with an error', async () => {
    const run: ShellRunner = () => Promise.reject(new Error('it exited with code 1'));
    const result = await readLoginShellPath({ ...linux, currentPath: '/usr/bin:/bin', run });
    expect(result).toEqual({
      path: '/usr/bin:/bin',
      source: 'inherited',
      problem:
        'Hearth could not read the PATH from your login shell (/bin/bash): it exited with code 1; so Hearth used the PATH it was started with.',
    });
  });

  it('falls back to the inherited PATH when the output has no markers', async () => {
    const run: ShellRunner = async () => 'command not found: printf\n';
    const result = await readLoginShellPath({ ...linux, currentPath: '/usr/bin', run });
    expect(result.source).toBe('inherited');
    expect(result.problem).toContain('did not print its PATH');
  });

  it('returns the inherited PATH on Windows without starting a shell', async () => {
    const run = vi.fn(fakeShell('/nope'));
    const result = await readLoginShellPath({
      platform: 'win32',
      currentPath: 'C:\\Windows;C:\\nodejs',
      run,
    });
    expect(run).not.toHaveBeenCalled();
    expect(result.source).toBe('inherited');
    expect(result.path).toBe('C:\\Windows;C:\\nodejs');
    expect(result.problem).toContain('Windows');
  });

  it('puts login-shell entries first, then inherited ones it lacks, without repeats', async () => {
    const run = fakeShell('/opt/homebrew/bin::/usr/bin:/opt/homebrew/bin');
    const currentPath = '/usr/bin:/app/resources/bin::/bin:/usr/bin';
    const result = await readLoginShellPath({ ...linux, currentPath, run });
    expect(result.path).toBe('/opt/homebrew/bin:/usr/bin:/app/resources/bin:/bin');
  });
});

describe('mergePaths', () => {
  it('keeps the first occurrence of each entry and drops empty ones', () => {
    expect(mergePaths('/a::/b', ':/b:/c:/a:')).toBe('/a:/b:/c');
  });
});

describe('readLoginShellPath with a real /bin/sh', () => {
  let home = '';
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  function profile(text: string): NodeJS.ProcessEnv {
    home = mkdtempSync(join(tmpdir(), 'hearth-login-shell-'));
    writeFileSync(join(home, '.profile'), text);
    return { HOME: home, PATH: '/usr/bin:/bin' };
  }

  it('reads the PATH a login profile sets, past the banner it prints', async () => {
    const env = profile('echo "Welcome to the test box"\nPATH="/hearth-profile-bin:$PATH"\n');
    const result = await readLoginShellPath({
      platform: 'linux',
      shell: '/bin/sh',
      currentPath: '/only-inherited:/usr/bin',
      env,
    });
    expect(result.problem).toBeUndefined();
    expect(result.source).toBe('login-shell');
    expect(result.path.startsWith('/hearth-profile-bin:')).toBe(true);
    expect(result.path.endsWith(':/only-inherited')).toBe(true);
    expect(result.path.split(':').filter((entry) => entry === '/usr/bin')).toHaveLength(1);
  });

  it('reports the exit code when the login profile makes the shell exit', async () => {
    const env = profile('echo "profile is broken" >&2\nexit 4\n');
    const result = await readLoginShellPath({
      platform: 'linux',
      shell: '/bin/sh',
      currentPath: '/usr/bin',
      env,
    });
    expect(result.source).toBe('inherited');
    expect(result.problem).toContain('it exited with code 4 (profile is broken)');
  });

  it('stops a login profile that hangs and falls back quickly', async () => {
    const env = profile('sleep 30\n');
    const started = Date.now();
    const result = await readLoginShellPath({
      platform: 'linux',
      shell: '/bin/sh',
      currentPath: '/usr/bin',
      timeoutMs: 300,
      env,
    });
    expect(result.source).toBe('inherited');
    expect(result.problem).toContain('took longer than 0.3 s');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('runShellCommand', () => {
  it('kills what the shell started, not just the shell, when time runs out', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-run-shell-'));
    const pidFile = join(folder, 'sleep.pid');
    try {
      const script = `sleep 30 & echo $! > '${pidFile}'; wait`;
      await expect(runShellCommand('/bin/sh', ['-c', script], 300)).rejects.toThrow(
        'it did not finish within 300 ms',
      );
      const sleepPid = Number(readFileSync(pidFile, 'utf8'));
      await vi.waitFor(() => expect(isRunning(sleepPid)).toBe(false), { timeout: 2000 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses output past the cap instead of buffering it all', async () => {
    await expect(
      runShellCommand('/bin/sh', ['-c', 'head -c 1000000 /dev/zero'], 5000),
    ).rejects.toThrow(/printed more than \d+ bytes/);
  });

  it('says the shell was not found when the program does not exist', async () => {
    await expect(runShellCommand('/no/such/shell', ['-c', 'true'], 5000)).rejects.toThrow(
      'the shell program was not found',
    );
  });
});
