import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveCommand } from '../../../electron/core/programs';

describe('resolveCommand on POSIX with real files', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'hearth-resolve-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function file(relative: string, mode: number): string {
    const full = join(root, relative);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, '#!/bin/sh\n');
    chmodSync(full, mode);
    return full;
  }

  const posix = (path: string, cwd?: string) => ({ platform: 'linux' as const, path, cwd });

  it('returns the first PATH folder that holds the command', () => {
    const first = file('a/tool', 0o755);
    file('b/tool', 0o755);
    const path = [join(root, 'empty'), join(root, 'a'), join(root, 'b')].join(':');
    expect(resolveCommand('tool', posix(path))).toEqual({ ok: true, file: first });
  });

  it('skips a file without an execute bit and a folder with the same name', () => {
    file('a/tool', 0o644);
    mkdirSync(join(root, 'b/tool'), { recursive: true });
    const runnable = file('c/tool', 0o700);
    const path = ['a', 'b', 'c'].map((folder) => join(root, folder)).join(':');
    expect(resolveCommand('tool', posix(path))).toEqual({ ok: true, file: runnable });
  });

  it('checks an absolute path directly without searching PATH', () => {
    const tool = file('bin/server', 0o755);
    expect(resolveCommand(tool, posix(''))).toEqual({ ok: true, file: tool });
  });

  it('resolves a relative path against the working folder', () => {
    const tool = file('project/scripts/server', 0o755);
    const result = resolveCommand('./scripts/server', posix('/usr/bin', join(root, 'project')));
    expect(result).toEqual({ ok: true, file: tool });
  });

  it('never resolves a relative path against the folder Hearth itself started in', () => {
    // A script of that name where Hearth runs (its own working folder) is not the server's.
    const here = file('hearth-start/server.sh', 0o755);
    const started = process.cwd();
    process.chdir(join(here, '..'));
    try {
      const result = resolveCommand('./server.sh', posix('/usr/bin'));
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toMatch(
        /“\.\/server\.sh” is a relative path, and the server has no working folder/,
      );
      const relativeFolder = resolveCommand('./server.sh', posix('/usr/bin', 'project'));
      expect(!relativeFolder.ok && relativeFolder.message).toMatch(/“project” is not a full path/);
    } finally {
      process.chdir(started);
    }
  });

  it('explains where it looked when a path points at a file that cannot run', () => {
    const tool = file('project/server', 0o644);
    const result = resolveCommand('./server', posix('/usr/bin', join(root, 'project')));
    expect(result).toEqual({
      ok: false,
      message: `Hearth could not find the command “./server” at ${tool}. Check the path, and that the file is a program you can run.`,
    });
  });

  it('does not search the working folder for a bare name', () => {
    file('project/tool', 0o755);
    const result = resolveCommand('tool', posix(join(root, 'nothing'), join(root, 'project')));
    expect(result.ok).toBe(false);
  });
});

describe('resolveCommand messages', () => {
  const nothing = { platform: 'linux' as const, isExecutable: () => false };

  it('names the command and every folder it searched, in order', () => {
    const result = resolveCommand('npx', { ...nothing, path: '/usr/local/bin:/usr/bin::/bin' });
    expect(result).toEqual({
      ok: false,
      message:
        'Hearth could not find the command “npx”. It looked in these folders (PATH): /usr/local/bin, /usr/bin, /bin. “npx” comes with Node.js: install it (https://nodejs.org/en/download), then start the server again.',
    });
  });

  it('lists at most 30 folders and counts the rest', () => {
    const folders = Array.from({ length: 35 }, (_, index) => `/f${index + 1}`);
    const result = resolveCommand('uvx', { ...nothing, path: folders.join(':') });
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    expect(message).toContain('/f29, /f30, and 5 more. “uvx” comes with uv: install it');
    expect(message).not.toContain('/f31');
  });

  it('says what to install for a runtime’s command, and the generic advice for others', () => {
    const python = resolveCommand('python3', { ...nothing, path: '/usr/bin' });
    expect(!python.ok && python.message).toMatch(
      /“python3” comes with Python: install it \(https:\/\/www\.python\.org\/downloads\/\)/,
    );
    const other = resolveCommand('my-server', { ...nothing, path: '/usr/bin' });
    expect(!other.ok && other.message).toMatch(
      /Install it, or give the full path to the command\.$/,
    );
  });

  it('says the PATH is empty instead of listing nothing', () => {
    const result = resolveCommand('docker', { ...nothing, path: '' });
    expect(result).toEqual({
      ok: false,
      message:
        'Hearth could not find the command “docker”: the PATH has no folders to look in. “docker” comes with Docker: install it (https://docs.docker.com/get-started/get-docker/), then start the server again.',
    });
  });

  it('refuses an empty command', () => {
    const result = resolveCommand('  ', { ...nothing, path: '/usr/bin' });
    expect(result.ok).toBe(false);
  });
});

describe('resolveCommand on Windows', () => {
  function windows(files: string[], path: string, extra: { pathExt?: string; cwd?: string } = {}) {
    const present = new Set(files.map((file) => file.toLowerCase()));
    return {
      platform: 'win32' as const,
      path,
      ...extra,
      isExecutable: (file: string) => present.has(file.toLowerCase()),
    };
  }

  it('tries PATHEXT extensions in order within a folder', () => {
    const options = windows(['C:\\node\\npx.cmd', 'C:\\node\\npx.exe'], 'C:\\node');
    expect(resolveCommand('npx', options)).toEqual({ ok: true, file: 'C:\\node\\npx.EXE' });
  });

  it('prefers an earlier folder over a better extension in a later one', () => {
    const options = windows(
      ['C:\\Users\\someone\\AppData\\Roaming\\npm\\server.cmd', 'C:\\tools\\server.exe'],
      'C:\\Users\\someone\\AppData\\Roaming\\npm;C:\\tools',
    );
    expect(resolveCommand('server', options)).toEqual({
      ok: true,
      file: 'C:\\Users\\someone\\AppData\\Roaming\\npm\\server.CMD',
    });
  });

  it('uses the PATHEXT it is given', () => {
    const options = windows(['C:\\bin\\uvx.exe', 'C:\\bin\\uvx.cmd'], 'C:\\bin', {
      pathExt: '.CMD',
    });
    expect(resolveCommand('uvx', options)).toEqual({ ok: true, file: 'C:\\bin\\uvx.CMD' });
  });

  it('tries a name with an extension as is before adding PATHEXT', () => {
    const options = windows(['C:\\bin\\uv.exe', 'C:\\bin\\uv.exe.cmd'], 'C:\\bin');
    expect(resolveCommand('uv.exe', options)).toEqual({ ok: true, file: 'C:\\bin\\uv.exe' });
  });

  it('never runs a bare name without an extension', () => {
    const options = windows(['C:\\bin\\server'], 'C:\\bin');
    expect(resolveCommand('server', options).ok).toBe(false);
  });

  it('reads quoted PATH entries separated by semicolons', () => {
    const options = windows(
      ['C:\\Program Files\\Docker\\docker.exe'],
      '"C:\\Program Files\\Docker";C:\\x',
    );
    expect(resolveCommand('docker', options)).toEqual({
      ok: true,
      file: 'C:\\Program Files\\Docker\\docker.EXE',
    });
  });

  it('resolves a relative path with backslashes against the working folder', () => {
    const options = windows(['C:\\project\\tools\\server.exe'], '', { cwd: 'C:\\project' });
    expect(resolveCommand('.\\tools\\server.exe', options)).toEqual({
      ok: true,
      file: 'C:\\project\\tools\\server.exe',
    });
  });

  it('lists the Windows PATH folders in the missing-command message', () => {
    const result = resolveCommand('npx', windows([], 'C:\\Windows;;C:\\nodejs'));
    expect(result).toEqual({
      ok: false,
      message:
        'Hearth could not find the command “npx”. It looked in these folders (PATH): C:\\Windows, C:\\nodejs. “npx” comes with Node.js: install it (https://nodejs.org/en/download), then start the server again.',
    });
  });
});
