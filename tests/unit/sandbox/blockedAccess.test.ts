/**
 * What the sandbox blocked, read from real programs' own words. Each line below was printed by the
 * program named, run under bubblewrap with the folder read-only (git 2.39, npm 11, Python 3.11,
 * Node 22, GNU coreutils, dash).
 */
import { describe, expect, it } from 'vitest';
import {
  allowBlocked,
  blockedInText,
  defaultSandboxPolicy,
  describeBlocked,
  KEPT_READ_ONLY,
  resolvePolicy,
} from '../../../electron/core/sandbox';

const home = '/users/someone';
const policy = resolvePolicy(defaultSandboxPolicy(), {
  ownFolder: `${home}/.config/Hearth/sandboxes/files`,
  command: 'node',
  env: {},
  roots: [`${home}/notes`],
  dataDir: `${home}/.config/Hearth`,
  home,
});
const seen = (text: string) =>
  blockedInText(text, policy).map((blocked) => describeBlocked(blocked, home));

describe('the blocked-line parser against real programs’ errors', () => {
  it('Node and Python: the path after the error’s words', () => {
    expect(seen(`Error: EROFS: read-only file system, open '${home}/repo/n.txt'`)).toEqual([
      'blocked: write of ~/repo/n.txt',
    ]);
    expect(seen(`Error: EROFS: read-only file system, mkdir '${home}/repo/d'`)).toEqual([
      'blocked: write of ~/repo/d',
    ]);
    expect(seen(`OSError: [Errno 30] Read-only file system: '${home}/repo/out.txt'`)).toEqual([
      'blocked: write of ~/repo/out.txt',
    ]);
  });

  it('git and coreutils: the path right before the error’s words', () => {
    expect(
      seen(`fatal: could not create work tree dir '${home}/clone': Read-only file system`),
    ).toEqual(['blocked: write of ~/clone']);
    expect(seen(`mkdir: cannot create directory ‘${home}/m’: Read-only file system`)).toEqual([
      'blocked: write of ~/m',
    ]);
    expect(seen(`touch: cannot touch '${home}/t': Read-only file system`)).toEqual([
      'blocked: write of ~/t',
    ]);
    expect(seen(`/bin/sh: 1: cannot create ${home}/x: Read-only file system`)).toEqual([
      'blocked: write of ~/x',
    ]);
  });

  it('npm: a cache it may not make fails as ENOENT on mkdir, which is a write', () => {
    const npm = [
      'npm error code ENOENT',
      'npm error syscall mkdir',
      `npm error path ${home}/.npm`,
      `npm error enoent Invalid response body while trying to fetch https://registry.npmjs.org/is-number: ENOENT: no such file or directory, mkdir '${home}/.npm'`,
    ].join('\n');
    expect(seen(npm)).toEqual(['blocked: write of ~/.npm']);
  });

  it('takes the path the error names, never another path in the same line', () => {
    const line = `Error in ${home}/repo/server.js: EROFS: read-only file system, open '${home}/elsewhere/out.txt'`;
    expect(seen(line)).toEqual(['blocked: write of ~/elsewhere/out.txt']);
    const json = `{"repository":"${home}/repo","error":"EROFS: read-only file system, open '${home}/repo/a.txt'"}`;
    expect(seen(json)).toEqual(['blocked: write of ~/repo/a.txt']);
    // An error that names no path of its own gives no blocked line rather than a wrong one.
    expect(seen(`{"error":"Read-only file system","path":"${home}/repo"}`)).toEqual([]);
  });

  it('never reports a refused read as a write', () => {
    expect(seen(`Error: EACCES: permission denied, scandir '${home}/.ssh'`)).toEqual([
      'blocked: read of ~/.ssh',
    ]);
    expect(seen(`Error: EACCES: permission denied, open '/etc/shadow'`)).toEqual([]);
    expect(seen(`cat: ${home}/.ssh/id_rsa: No such file or directory`)).toEqual([
      'blocked: read of ~/.ssh/id_rsa',
    ]);
    expect(seen(`Error: EPERM: operation not permitted, mkdir '${home}/Documents/x'`)).toEqual([
      'blocked: write of ~/Documents/x',
    ]);
  });

  it('ignores what happened inside the folders it may write', () => {
    expect(seen(`Error: EACCES: permission denied, mkdir '${home}/notes/locked'`)).toEqual([]);
    expect(
      seen(`Error: ENOENT: no such file or directory, open '${home}/notes/missing.txt'`),
    ).toEqual([]);
  });
});

describe('refusals inside the folders it may write, and relative paths', () => {
  it('a read-only file system inside a root is a protected file, said so', () => {
    expect(
      seen(`Error: EROFS: read-only file system, open '${home}/notes/.git/hooks/pre-commit'`),
    ).toEqual([`blocked: write of ~/notes/.git/hooks/pre-commit${KEPT_READ_ONLY}`]);
    const anywhere = resolvePolicy(
      { ...defaultSandboxPolicy(), allowAllWrites: true },
      { ownFolder: `${home}/own`, command: 'node', env: {}, roots: [], dataDir: `${home}/d`, home },
    );
    expect(
      blockedInText(`touch: cannot touch '${home}/.xprofile': Read-only file system`, anywhere),
    ).toEqual([{ kind: 'write', target: `${home}/.xprofile`, kept: true }]);
  });

  it('a relative path is the process’s own, from its folder, never the tail after its first /', () => {
    const from = (text: string, cwd?: string) =>
      blockedInText(text, policy, cwd).map((blocked) => describeBlocked(blocked, home));
    const line = `/bin/sh: 1: cannot create .local/bin/git: Read-only file system`;
    expect(from(line, home)).toEqual(['blocked: write of ~/.local/bin/git']);
    expect(from(`Error: EROFS: read-only file system, open 'out/n.txt'`, `${home}/x`)).toEqual([
      'blocked: write of ~/x/out/n.txt',
    ]);
    // Without the process's folder, nothing rather than a wrong path.
    expect(from(line)).toEqual([]);
    expect(from(`mkdir: cannot create directory ‘~/m’: Read-only file system`)).toEqual([
      'blocked: write of ~/m',
    ]);
  });
});

describe('allowing a refusal', () => {
  it('offers nothing for a file kept read-only: allowing its folder would change nothing', () => {
    const kept = `blocked: write of ~/notes/.git/hooks/pre-commit${KEPT_READ_ONLY}`;
    const answer = allowBlocked(defaultSandboxPolicy(), kept, home);
    expect(answer.ok).toBe(false);
    expect(
      allowBlocked(defaultSandboxPolicy(), 'blocked: write of ~/out/n.txt', home),
    ).toMatchObject({ ok: true, allowed: '~/out' });
  });
});
