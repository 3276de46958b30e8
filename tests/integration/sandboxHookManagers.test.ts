/**
 * What a protected hook runs is protected too. A project set up by husky 9 (`core.hooksPath`
 * `.husky/_`, whose scripts run `.husky/<hook>`: the files husky's index.js and `husky` script
 * write, typicode/husky) and one whose hook calls lefthook (which reads `lefthook.yml`, made
 * later or not) are given to a hostile server as roots; it tries to change what the next commit
 * runs. This process reads the disk afterwards, and runs `git commit` outside the sandbox.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerSandbox, defaultSandboxPolicy } from '../../electron/core/sandbox';
import { createTestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const hostilePath = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hostileServer.mjs');
const managers = managersDisposedAfterEach();
const marker = join(tempDir('hooks-marker'), 'ran');
const PLANT = `#!/bin/sh\necho ran > "${marker}"\n`;

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

/** husky 9 in a project: what `npx husky` writes, and the user's own pre-commit. */
function huskyProject(folder: string): void {
  git(folder, 'init', '-q');
  mkdirSync(join(folder, '.husky', '_'), { recursive: true });
  writeFileSync(join(folder, '.husky', '_', '.gitignore'), '*');
  writeFileSync(
    join(folder, '.husky', '_', 'h'),
    '#!/usr/bin/env sh\nn=$(basename "$0")\ns=$(dirname "$(dirname "$0")")/$n\n[ ! -f "$s" ] && exit 0\nsh -e "$s" "$@"\n',
  );
  for (const hook of ['pre-commit', 'pre-push', 'commit-msg']) {
    const stub = join(folder, '.husky', '_', hook);
    writeFileSync(stub, '#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n');
    chmodSync(stub, 0o755);
  }
  chmodSync(join(folder, '.husky', '_', 'h'), 0o755);
  writeFileSync(join(folder, '.husky', 'pre-commit'), 'true\n');
  git(folder, 'config', 'core.hooksPath', '.husky/_');
}

/** A project whose pre-commit hook runs lefthook, with no lefthook.yml yet. */
function lefthookProject(folder: string): void {
  git(folder, 'init', '-q');
  const hook = join(folder, '.git', 'hooks', 'pre-commit');
  writeFileSync(hook, '#!/bin/sh\n# lefthook\n[ -f lefthook.yml ] && sh lefthook.yml\nexit 0\n');
  chmodSync(hook, 0o755);
}

describe.skipIf(!sandboxWorks)('what the hooks of hook managers run', () => {
  it('husky’s scripts and lefthook’s configuration, missing or not, stay out of reach', async () => {
    const home = tempDir('hooks-home');
    const husky = join(home, 'husky-project');
    const lefthook = join(home, 'lefthook-project');
    mkdirSync(husky);
    mkdirSync(lefthook);
    huskyProject(husky);
    lefthookProject(lefthook);
    const dataDir = join(home, '.config', 'Hearth');
    const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
    const tm = createTestManager({ dataDir, environment: { ...process.env, HOME: home }, sandbox });
    managers.push(tm);
    await tm.manager.save({
      name: 'hostile',
      roots: [husky, lefthook],
      transport: {
        type: 'stdio',
        command: process.execPath,
        args: [hostilePath],
        env: [],
        sandbox: defaultSandboxPolicy(),
      },
    });
    const status = await tm.manager.approveLaunch(
      'hostile',
      tm.manager.reviewLaunch('hostile').fingerprint,
    );
    expect(status.sandbox?.state).toBe('on');
    const write = (path: string) =>
      tm.manager.callTool('hostile', 'write_file', { path, text: PLANT });
    // Its own work in the projects goes through.
    expect(JSON.stringify(await write(join(husky, 'notes.txt')))).toContain('wrote');
    await write(join(husky, '.husky', 'pre-commit'));
    await write(join(husky, '.husky', 'post-commit'));
    await write(join(lefthook, 'lefthook.yml'));
    await tm.manager.dispose();

    expect(readFileSync(join(husky, '.husky', 'pre-commit'), 'utf8')).toBe('true\n');
    expect(existsSync(join(husky, '.husky', 'post-commit'))).toBe(false);
    expect(existsSync(join(lefthook, 'lefthook.yml'))).toBe(false);
    // The user's next commits, outside the sandbox, run nothing of the server's.
    git(husky, 'commit', '-q', '--allow-empty', '-m', 'after the server');
    git(lefthook, 'commit', '-q', '--allow-empty', '-m', 'after the server');
    expect(existsSync(marker)).toBe(false);
  }, 120_000);

  it('a program the repository’s config runs at a checkout (a filter in the worktree) stays out of reach', async () => {
    const home = tempDir('filter-home');
    const project = join(home, 'project');
    mkdirSync(join(project, 'tools'), { recursive: true });
    git(project, 'init', '-q');
    // A smudge filter the project keeps in its tree, not made yet on this clone.
    git(project, 'config', 'filter.vendored.smudge', './tools/smudge.sh');
    git(project, 'config', 'filter.vendored.clean', 'cat');
    writeFileSync(join(project, '.gitattributes'), '*.dat filter=vendored\n');
    writeFileSync(join(project, 'a.dat'), 'data\n');
    git(project, 'add', '.');
    git(project, 'commit', '-q', '-m', 'first');
    const dataDir = join(home, '.config', 'Hearth');
    const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
    const tm = createTestManager({ dataDir, environment: { ...process.env, HOME: home }, sandbox });
    managers.push(tm);
    await tm.manager.save({
      name: 'hostile',
      roots: [project],
      transport: {
        type: 'stdio',
        command: process.execPath,
        args: [hostilePath],
        env: [],
        sandbox: defaultSandboxPolicy(),
      },
    });
    const status = await tm.manager.approveLaunch(
      'hostile',
      tm.manager.reviewLaunch('hostile').fingerprint,
    );
    expect(status.sandbox?.state).toBe('on');
    expect(
      JSON.stringify(
        await tm.manager.callTool('hostile', 'write_file', {
          path: join(project, 'tools', 'notes.txt'),
          text: 'mine',
        }),
      ),
    ).toContain('wrote');
    await tm.manager.callTool('hostile', 'write_file', {
      path: join(project, 'tools', 'smudge.sh'),
      text: PLANT,
    });
    await tm.manager.dispose();

    expect(existsSync(join(project, 'tools', 'smudge.sh'))).toBe(false);
    // The user's next checkout, outside the sandbox, runs the filter: nothing of the server's.
    writeFileSync(join(project, 'a.dat'), 'changed\n');
    try {
      git(project, 'checkout', '--', 'a.dat');
    } catch {
      // The filter's program is missing: git says so, and runs nothing.
    }
    expect(existsSync(marker)).toBe(false);
  }, 120_000);
});
