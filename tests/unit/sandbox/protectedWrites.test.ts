/**
 * Which files inside the folders a launch may write stay read-only, on real folders: what other
 * programs run from there later.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitConfigTargets, protectedWrites } from '../../../electron/core/sandbox/protectedWrites';
import { tempDir } from '../../support/testHost';

function home() {
  const folder = tempDir('guard-home');
  writeFileSync(join(folder, '.profile'), '');
  writeFileSync(join(folder, '.bashrc'), '');
  mkdirSync(join(folder, '.config', 'Hearth', 'sandbox', 'x'), { recursive: true });
  mkdirSync(join(folder, 'Documents'));
  mkdirSync(join(folder, 'bin'));
  return folder;
}

describe('what stays read-only where a sandboxed process may write', () => {
  it('finds repositories, their hooks targets, editor folders and start-up files below a folder', async () => {
    const user = home();
    const project = join(user, 'Documents', 'project');
    mkdirSync(join(project, 'node_modules', 'dep', '.git'), { recursive: true });
    execFileSync('git', ['init', '-q', project]);
    execFileSync('git', ['-C', project, 'config', 'core.hooksPath', 'tools/hooks']);
    execFileSync('git', ['-C', project, 'config', 'core.fsmonitor', '.git/fsmonitor.sh']);
    mkdirSync(join(project, '.idea'));
    writeFileSync(join(project, '.envrc'), '');
    mkdirSync(join(project, 'sub'));
    writeFileSync(join(project, 'sub', '.git'), 'gitdir: ../.git/modules/sub');
    const guarded = await protectedWrites({
      writeFolders: [project],
      hearthFolders: [],
      allWrites: false,
      home: user,
      path: `${join(user, 'bin')}:/usr/bin`,
    });
    expect(guarded.allowWrite).toEqual([project]);
    expect(guarded.denyWrite.sort()).toEqual(
      [
        join(project, '.git', 'hooks'),
        join(project, '.git', 'config'),
        join(project, 'tools', 'hooks'),
        join(project, '.git', 'fsmonitor.sh'),
        join(project, '.idea'),
        join(project, '.envrc'),
        join(project, 'sub', '.git'),
      ].sort(),
    );
  });

  it('a writable home folder stands for its entries without a dot, and PATH folders stay read-only', async () => {
    const user = home();
    const guarded = await protectedWrites({
      writeFolders: [user],
      hearthFolders: [],
      allWrites: false,
      home: user,
      path: `${join(user, 'bin')}:/usr/bin`,
    });
    expect(guarded.allowWrite.sort()).toEqual([join(user, 'Documents'), join(user, 'bin')].sort());
    expect(guarded.denyWrite).toContain(join(user, 'bin'));
    expect(guarded.denyWrite).not.toContain('/usr/bin');
  });

  it('"write anywhere" keeps the home folder’s configuration read-only, around Hearth’s own folders', async () => {
    const user = home();
    const own = join(user, '.config', 'Hearth', 'sandbox', 'x');
    const guarded = await protectedWrites({
      writeFolders: [],
      hearthFolders: [own],
      allWrites: true,
      home: user,
      path: '/usr/bin',
    });
    expect(guarded.denyWrite).toEqual(
      expect.arrayContaining([
        join(user, '.bashrc'),
        join(user, '.profile'),
        join(user, '.zshrc'),
        join(user, '.config', 'autostart'),
        join(user, '.local', 'share', 'applications'),
      ]),
    );
    // .bash_profile would hide the existing .profile from bash: no stand-in for it.
    expect(guarded.denyWrite).not.toContain(join(user, '.bash_profile'));
    // The folder holding Hearth's own is not denied whole, only around it.
    expect(guarded.denyWrite).not.toContain(join(user, '.config'));
    expect(guarded.denyWrite.some((path) => own.startsWith(path))).toBe(false);
  });

  it('reads the paths a git config makes git run or read', () => {
    const config = [
      '[core]',
      '\trepositoryformatversion = 0',
      '\thooksPath = "~/hooks" ; a comment',
      '\tfsmonitor = true',
      '[include]',
      '\tpath = ../shared.gitconfig',
      '[includeIf "gitdir:~/work/"]',
      '\tpath = /etc/work.gitconfig',
    ].join('\n');
    expect(
      gitConfigTargets(config, { worktree: '/p', gitDir: '/p/.git', home: '/users/someone' }),
    ).toEqual(['/users/someone/hooks', '/p/shared.gitconfig', '/etc/work.gitconfig']);
  });
});
