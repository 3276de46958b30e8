import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRuntimes } from '../../../electron/core/runtimes/runtimeDoctor';
import { installAdvice, runtimeOf } from '../../../electron/core/programs/knownRuntimes';
import { tempDir } from '../../support/testHost';

function program(folder: string, name: string, script: string): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, name);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(process.platform === 'win32')('the runtime doctor', () => {
  it('finds runtimes on the PATH servers get, reads their versions, and says what is missing', async () => {
    const root = tempDir('runtimes');
    const node = program(join(root, 'node-bin'), 'node', 'echo v22.12.0');
    program(join(root, 'node-bin'), 'npx', 'echo 10.9.0');
    program(join(root, 'docker-bin'), 'docker', 'echo "Cannot connect" >&2; exit 1');
    program(join(root, 'uv-bin'), 'uv', 'exit 3');
    const reports = await checkRuntimes({
      platform: 'linux',
      environment: {
        PATH: [join(root, 'node-bin'), join(root, 'docker-bin'), join(root, 'uv-bin')].join(':'),
        SECRET_TOKEN: 'never-passed-on',
      },
    });
    const byId = Object.fromEntries(reports.map((report) => [report.id, report]));
    expect(byId.node).toMatchObject({ version: 'v22.12.0' });
    expect(byId.node?.commands).toEqual([
      { name: 'node', path: node },
      { name: 'npx', path: join(root, 'node-bin', 'npx') },
      { name: 'npm' },
    ]);
    // A runtime that exits non-zero is broken, whatever it printed: never shown as a version.
    expect(byId.docker?.version).toBeUndefined();
    expect(byId.docker?.problem).toBe('Broken: “--version” exited with code 1 (Cannot connect).');
    expect(byId.uv?.version).toBeUndefined();
    expect(byId.uv?.problem).toBe('Broken: “--version” exited with code 3.');
    expect(byId.uv?.commands).toEqual([
      { name: 'uv', path: join(root, 'uv-bin', 'uv') },
      { name: 'uvx' },
    ]);
    expect(byId.python?.commands.every((command) => command.path === undefined)).toBe(true);
    expect(byId.python?.install).toBe('https://www.python.org/downloads/');
  });

  it('answers within its bound when a runtime ignores SIGTERM, and kills its whole process group', async () => {
    const root = tempDir('runtimes-stuck');
    const pidFile = join(root, 'sleeper.pid');
    // Ignores SIGTERM (so does the sleep it starts: an ignored signal stays ignored across exec),
    // prints half a line first, and leaves a child in its process group.
    program(
      join(root, 'bin'),
      'node',
      `trap '' TERM; printf 'v22'; /bin/sleep 60 & echo $! > '${pidFile}'; wait`,
    );
    program(join(root, 'bin'), 'docker', 'echo "Docker version 27.1.1"');
    const started = Date.now();
    const reports = await checkRuntimes(
      { platform: 'linux', environment: { PATH: join(root, 'bin') } },
      { timeoutMs: 1_000, graceMs: 200 },
    );
    const elapsed = Date.now() - started;
    const byId = Object.fromEntries(reports.map((report) => [report.id, report]));
    expect(byId.node?.version).toBeUndefined();
    expect(byId.node?.problem).toBe(
      'Broken: it did not answer “--version” within 1 second, so it was stopped.',
    );
    // The others are not held up by it, and the answer does not wait for the stop.
    expect(byId.docker?.version).toBe('Docker version 27.1.1');
    expect(elapsed).toBeLessThan(30_000);
    // The grandchild, which ignores SIGTERM too, is gone once the grace has passed.
    const sleeper = Number(readFileSync(pidFile, 'utf8').trim());
    await expect.poll(() => alive(sleeper), { timeout: 5_000, interval: 50 }).toBe(false);
  });

  it('knows which runtime a command comes with', () => {
    expect(runtimeOf('npx')?.label).toBe('Node.js');
    expect(runtimeOf('uvx.exe')?.label).toBe('uv');
    expect(runtimeOf('my-server')).toBeUndefined();
    expect(installAdvice('docker')).toBe(
      '“docker” comes with Docker: install it (https://docs.docker.com/get-started/get-docker/), then start the server again.',
    );
  });
});
