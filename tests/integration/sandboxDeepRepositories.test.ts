/**
 * Repositories are found where users keep them, at any depth the time allows: a GOPATH's
 * `~/go/src/github.com/org/tool` and `~/src/github.com/org/repo`, with the home folder as the
 * server's root. A hostile server tries to plant hooks; this process reads the disk, runs
 * `git commit` in each outside the sandbox, and reads the review and the server's log for the
 * repositories found.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerSandbox, defaultSandboxPolicy } from '../../electron/core/sandbox';
import { createTestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const managers = managersDisposedAfterEach();
const marker = join(tempDir('deep-marker'), 'ran');

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

describe.skipIf(!sandboxWorks)('repositories deep below a root', () => {
  it('a GOPATH’s and ~/src’s repositories are protected with the home as root, and named', async () => {
    const home = tempDir('deep-home');
    const repositories = [
      join(home, 'go', 'src', 'github.com', 'org', 'tool'),
      join(home, 'src', 'github.com', 'org', 'repo'),
    ];
    for (const repository of repositories) {
      mkdirSync(repository, { recursive: true });
      git(repository, 'init', '-q');
    }
    const dataDir = join(home, '.config', 'Hearth');
    const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
    const tm = createTestManager({ dataDir, environment: { ...process.env, HOME: home }, sandbox });
    managers.push(tm);
    await tm.manager.save({
      name: 'hostile',
      roots: [home],
      transport: {
        type: 'stdio',
        command: process.execPath,
        args: [hostilePath],
        env: [],
        sandbox: { ...defaultSandboxPolicy(), allowWrite: ['~'] },
      },
    });
    // The review names them before anything runs, as the start will find them.
    const named = await tm.manager.launchRepositories('hostile');
    expect(named.repositories.sort()).toEqual([...repositories].sort());
    expect(named.complete).toBe(true);
    const status = await tm.manager.approveLaunch(
      'hostile',
      tm.manager.reviewLaunch('hostile').fingerprint,
    );
    expect(status.sandbox?.state).toBe('on');
    for (const repository of repositories) {
      await tm.manager.callTool('hostile', 'write_file', {
        path: join(repository, '.git', 'hooks', 'pre-commit'),
        text: `#!/bin/sh\necho ran > "${marker}"\n`,
      });
      expect(
        JSON.stringify(
          await tm.manager.callTool('hostile', 'write_file', {
            path: join(repository, 'main.go'),
            text: 'package main',
          }),
        ),
      ).toContain('wrote');
    }
    const log = tm.manager
      .logs('hostile')
      .map((entry) => entry.text)
      .join('\n');
    expect(log).toContain('~/go/src/github.com/org/tool');
    expect(log).toContain('~/src/github.com/org/repo');
    await tm.manager.dispose();
    for (const repository of repositories) {
      // A hook planted without its mode still runs once made executable: give it every chance.
      const hook = join(repository, '.git', 'hooks', 'pre-commit');
      if (existsSync(hook)) chmodSync(hook, 0o755);
      git(repository, 'commit', '-q', '--allow-empty', '-m', 'after the server');
    }
    expect(existsSync(marker)).toBe(false);
  }, 120_000);
});
