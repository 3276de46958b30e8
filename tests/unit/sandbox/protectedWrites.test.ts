/**
 * Which files inside the folders a launch may write stay read-only, on real folders: what other
 * programs run from there later.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
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
    mkdirSync(join(project, '.claude'));
    mkdirSync(join(project, 'web', '.cursor'), { recursive: true });
    writeFileSync(join(project, 'web', 'mise.toml'), '[hooks]\n');
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
        join(project, '.claude'),
        join(project, 'web', '.cursor'),
        join(project, 'web', 'mise.toml'),
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

  it('sees a small tree whole however slow the machine: a nested repository deep down', async () => {
    const user = home();
    const project = join(user, 'Documents', 'project');
    const nested = join(project, 'vendor', 'deps', 'lib');
    mkdirSync(nested, { recursive: true });
    execFileSync('git', ['init', '-q', project]);
    execFileSync('git', ['init', '-q', nested]);
    // A machine so busy that each look at the clock finds another second gone.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 1_000));
    try {
      const guarded = await protectedWrites({
        writeFolders: [user],
        hearthFolders: [],
        allWrites: false,
        home: user,
        path: '/usr/bin',
      });
      expect(guarded.repositories.sort()).toEqual([project, nested].sort());
      expect(guarded.denyWrite).toContain(join(nested, '.git', 'hooks'));
      expect(guarded.scanComplete).toBe(true);
    } finally {
      clock.mockRestore();
    }
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
      // Commands git runs at a checkout, a diff, a push: their path-like words.
      '[filter "lfs"]',
      '\tprocess = ./tools/lfs-filter --stdio',
      '\tclean = git-lfs clean -- %f',
      '[diff "pdf"]',
      '\ttextconv = sh tools/pdf2text.sh',
      '[core]',
      '\tpager = less -R',
      '\tsshCommand = "ssh -i ~/.ssh/work"',
      '[alias]',
      '\tlg = log --oneline origin/main',
      '\tup = !./scripts/up.sh https://example.com/x',
      '[gpg "ssh"]',
      '\tprogram = /opt/signer/bin/sign',
    ].join('\n');
    expect(
      gitConfigTargets(config, { worktree: '/p', gitDir: '/p/.git', home: '/users/someone' }),
    ).toEqual([
      '/users/someone/hooks',
      '/p/shared.gitconfig',
      '/etc/work.gitconfig',
      '/p/tools/lfs-filter',
      '/p/tools/pdf2text.sh',
      '/users/someone/.ssh/work',
      '/p/scripts/up.sh',
      '/opt/signer/bin/sign',
    ]);
  });
});

describe('a writable folder that holds the home', () => {
  it('stands for its entries and the home’s own without a dot: nothing new at the home’s top', async () => {
    const parent = tempDir('guard-parent');
    const user = join(parent, 'someone');
    mkdirSync(join(user, 'Documents'), { recursive: true });
    mkdirSync(join(user, '.config'));
    mkdirSync(join(parent, 'shared'));
    const guarded = await protectedWrites({
      writeFolders: [parent],
      hearthFolders: [],
      allWrites: false,
      home: user,
      path: '/usr/bin',
    });
    expect(guarded.allowWrite.sort()).toEqual([join(parent, 'shared'), join(user, 'Documents')]);
    // Missing run-later places need no stand-in: their folders are not writable at all.
    for (const place of ['.xprofile', '.pam_environment', '.config/git/config', '.bash_profile'])
      expect(guarded.denyWrite).not.toContain(join(user, place));
  });

  it('too full to stand for entry by entry, keeps the run-later places read-only where missing', async () => {
    const parent = tempDir('guard-full');
    for (let index = 0; index < 300; index++) mkdirSync(join(parent, `user${index}`));
    const user = join(parent, 'someone');
    mkdirSync(join(user, '.config', 'Hearth', 'x'), { recursive: true });
    const own = join(user, '.config', 'Hearth', 'x');
    for (const allWrites of [false, true]) {
      const guarded = await protectedWrites({
        writeFolders: allWrites ? [own] : [parent, own],
        hearthFolders: [own],
        allWrites,
        home: user,
        path: '/usr/bin',
      });
      const inside = (path: string, folder: string) =>
        path === folder || path.startsWith(`${folder}/`);
      const creatable = (path: string) =>
        guarded.allowWrite.some((folder) => inside(path, folder)) &&
        !guarded.denyWrite.some((folder) => inside(path, folder));
      // Some folder above the home was taken whole (this one, or a fuller one on the way).
      expect(guarded.allowWrite.some((folder) => folder !== user && inside(user, folder))).toBe(
        true,
      );
      for (const place of [
        '.xsessionrc',
        '.xprofile',
        '.pam_environment',
        '.config/git/config',
        '.config/fish/config.fish',
        '.config/autostart/evil.desktop',
      ])
        expect(creatable(join(user, place)), place).toBe(false);
      expect(creatable(join(own, 'cache'))).toBe(true);
    }
  });
});
