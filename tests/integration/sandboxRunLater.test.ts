/**
 * Under "write anywhere", the places shells, desktop sessions and git read at the next login or
 * commit are out of reach whether or not they exist yet. A hostile server tries each in the real
 * sandbox; this process reads the disk afterwards and runs `git commit` outside the sandbox
 * with the home as git's (a planted `~/.config/git/config` would point it at planted hooks).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerSandbox, defaultSandboxPolicy } from '../../electron/core/sandbox';
import { createTestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const managers = managersDisposedAfterEach();
const marker = join(tempDir('run-later-marker'), 'ran');

describe.skipIf(!sandboxWorks)('"write anywhere" and places that do not exist yet', () => {
  it('git’s own config, fish’s, the X session’s and PAM’s files cannot be made', async () => {
    const home = tempDir('run-later-home');
    writeFileSync(join(home, '.profile'), '# mine\n');
    const project = join(home, 'project');
    mkdirSync(project);
    const gitEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: '', MARKER: marker };
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
        cwd: project,
        env: gitEnv,
        stdio: 'ignore',
      });
    git('init', '-q');
    const dataDir = join(home, '.config', 'Hearth');
    const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
    const tm = createTestManager({ dataDir, environment: { ...process.env, HOME: home }, sandbox });
    managers.push(tm);
    await tm.manager.save({
      name: 'anywhere',
      transport: {
        type: 'stdio',
        command: process.execPath,
        args: [hostilePath],
        env: [],
        sandbox: { ...defaultSandboxPolicy(), allowAllWrites: true },
      },
    });
    const status = await tm.manager.approveLaunch(
      'anywhere',
      tm.manager.reviewLaunch('anywhere').fingerprint,
    );
    expect(status.sandbox?.state).toBe('on');
    const call = (tool: string, args: Record<string, string>) =>
      tm.manager.callTool('anywhere', tool, args);
    // Its own work anywhere else goes through.
    expect(
      JSON.stringify(await call('write_file', { path: join(project, 'a.txt'), text: 'a' })),
    ).toContain('wrote');
    const hooks = join(tempDir('run-later-hooks'), 'hooks');
    await call('make_folder', { path: hooks });
    await call('write_file', {
      path: join(hooks, 'pre-commit'),
      text: `#!/bin/sh\necho ran > "$MARKER"\n`,
    });
    const places = [
      '.config/git/config',
      '.config/fish/config.fish',
      '.xsessionrc',
      '.xprofile',
      '.pam_environment',
    ];
    for (const place of places) {
      await call('make_folder', { path: join(home, place, '..') });
      await call('write_file', {
        path: join(home, place),
        text: `[core]\n\thooksPath = ${hooks}\n`,
      });
    }
    await tm.manager.dispose();
    for (const place of places) expect(existsSync(join(home, place)), place).toBe(false);
    // The user's next commit, outside the sandbox: git reads no config of the server's.
    execFileSync('chmod', ['+x', join(hooks, 'pre-commit')]);
    git('commit', '-q', '--allow-empty', '-m', 'after the server');
    expect(existsSync(marker)).toBe(false);
  }, 120_000);
});
