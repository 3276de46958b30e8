import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRuntimes } from '../../../electron/core/runtimes/runtimeDoctor';
import { installAdvice, runtimeOf } from '../../../electron/core/runtimes/runtimes';
import { tempDir } from '../../support/testHost';

function program(folder: string, name: string, script: string): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, name);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
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
    // A runtime that answers with an error still says what it printed.
    expect(byId.docker?.version).toBe('Cannot connect');
    expect(byId.uv?.problem).toMatch(/did not answer “--version”/);
    expect(byId.uv?.commands).toEqual([
      { name: 'uv', path: join(root, 'uv-bin', 'uv') },
      { name: 'uvx' },
    ]);
    expect(byId.python?.commands.every((command) => command.path === undefined)).toBe(true);
    expect(byId.python?.install).toBe('https://www.python.org/downloads/');
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
