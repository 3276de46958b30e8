import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LauncherDownload,
  launcherOf,
  npmCacheOf,
} from '../../../electron/core/mcp/transport/launcherDownload';
import { useTempFolder } from './tempFolder';

describe('which launcher and package a command starts', () => {
  it.each([
    [['npx', '-y', '@modelcontextprotocol/server-filesystem@2025.8.21', '/tmp']],
    [['npx', '--yes', '--package=@modelcontextprotocol/server-filesystem@2025.8.21', 'mcp']],
    [['npx.cmd', '-p', '@modelcontextprotocol/server-filesystem@2025.8.21', 'mcp']],
  ])('npx: %j', ([command = '', ...args]) => {
    expect(launcherOf({ command, args })).toEqual({
      launcher: 'npx',
      package: '@modelcontextprotocol/server-filesystem@2025.8.21',
    });
  });

  it.each([
    [['uvx', 'mcp-server-fetch@2025.4.7']],
    [['/usr/bin/uvx', '--python', '3.12', 'mcp-server-fetch@2025.4.7', '--ignore-robots-txt']],
    [['uvx', '--from', 'mcp-server-fetch@2025.4.7', 'mcp-server-fetch']],
    [['uv', 'tool', 'run', 'mcp-server-fetch@2025.4.7']],
  ])('uvx: %j', ([command = '', ...args]) => {
    expect(launcherOf({ command, args })).toEqual({
      launcher: 'uvx',
      package: 'mcp-server-fetch@2025.4.7',
    });
  });

  it('is nothing for other commands, or a launcher with nothing to run', () => {
    expect(launcherOf({ command: 'node', args: ['server.js'] })).toBeUndefined();
    expect(launcherOf({ command: 'uv', args: ['run', 'server.py'] })).toBeUndefined();
    expect(launcherOf({ command: 'npx', args: ['-y'] })).toBeUndefined();
  });

  it("finds npm's cache as npm does: --cache, then npm_config_cache in any case, then ~/.npm", () => {
    expect(npmCacheOf(['--cache=/c1'], { npm_config_cache: '/c2' }, '/home/u', 'linux')).toBe(
      '/c1',
    );
    expect(npmCacheOf([], { NPM_CONFIG_CACHE: '/c2' }, '/home/u', 'linux')).toBe('/c2');
    expect(npmCacheOf([], {}, '/home/u', 'linux')).toBe(join('/home/u', '.npm'));
  });
});

describe("uv's own lines", () => {
  let download: LauncherDownload;
  let changes = 0;
  let clock = 1_000;
  afterEach(() => download.stop());
  const make = () => {
    changes = 0;
    download = new LauncherDownload({
      launcher: 'uvx',
      package: 'mcp-server-fetch@2025.4.7',
      onChange: () => changes++,
      now: () => clock,
    });
    download.begin();
  };

  // The lines uv prints when stderr is not a terminal (astral-sh/uv#11165), colours and all.
  it('move the download on, count what arrived, and "Installed" ends it', () => {
    make();
    expect(download.state()).toBeUndefined();
    clock = 2_000;
    download.stderr('Resolved 12 packages in 310ms\n');
    expect(download.lastActivity).toBe(2_000);
    expect(download.state()).toEqual({
      launcher: 'uvx',
      package: 'mcp-server-fetch@2025.4.7',
      step: 'Resolved 12 packages',
    });
    clock = 3_000;
    download.stderr('\u001b[1mDownloading\u001b[0m pydantic-core \u001b[2m(1.9MiB)\u001b[0m\n');
    download.stderr('   Downloading lxml (4.8MiB)\r\n');
    clock = 4_000;
    download.stderr(' Downloaded pydantic-core\n');
    expect(download.state()?.bytes).toBe(Math.round(1.9 * 1024 * 1024));
    expect(download.lastActivity).toBe(4_000);
    expect(download.finished).toBe(false);
    clock = 5_000;
    download.stderr('Prepared 12 packages in 2.1s\nInstalled 12 packages in 20ms\n');
    expect(download.finished).toBe(true);
    expect(download.lastActivity).toBe(5_000);
    expect(download.state()).toBeUndefined();
    expect(changes).toBeGreaterThan(3);
  });

  it('a warm start that only says "Installed" was no download', () => {
    make();
    download.stderr('Installed 3 packages in 4ms\n');
    expect(download.lastActivity).toBeUndefined();
    expect(download.state()).toBeUndefined();
    expect(changes).toBe(0);
  });

  it("the server's own stderr is not taken for uv's", () => {
    make();
    download.stderr('Downloading the index failed\nResolved nothing\n');
    expect(download.lastActivity).toBeUndefined();
  });
});

describe("npm's cache", () => {
  const tempFolder = useTempFolder();
  it('files left in its temp folder before the start are not taken for a download', () => {
    const cache = tempFolder();
    mkdirSync(join(cache, '_cacache', 'tmp'), { recursive: true });
    writeFileSync(join(cache, '_cacache', 'tmp', 'left-over'), 'x'.repeat(100));
    let changes = 0;
    const download = new LauncherDownload({
      launcher: 'npx',
      package: 'pkg@1.0.0',
      npmCache: cache,
      onChange: () => changes++,
    });
    download.begin();
    download.stop();
    expect(download.lastActivity).toBeUndefined();
    expect(changes).toBe(0);
  });
});

describe("npm's note that the package is in place", () => {
  const tempFolder = useTempFolder();
  it('ends the download when the server answers before the next look at the cache', () => {
    const cache = tempFolder();
    const tmp = join(cache, '_cacache', 'tmp');
    mkdirSync(tmp, { recursive: true });
    let changes = 0;
    const download = new LauncherDownload({
      launcher: 'npx',
      package: 'pkg@1.0.0',
      npmCache: cache,
      onChange: () => changes++,
      // No second look on its own: only `answered` may find the note.
      pollMs: 3_600_000,
    });
    download.begin();
    expect(download.state()).toBeUndefined();
    // npm fetches, installs, writes its note and runs the program, which answers: all between
    // two looks.
    writeFileSync(join(tmp, 'tarball'), 'x'.repeat(100));
    mkdirSync(join(cache, '_npx', 'abc'), { recursive: true });
    writeFileSync(
      join(cache, '_npx', 'abc', 'package.json'),
      JSON.stringify({ _npx: { packages: ['pkg@1.0.0'] } }),
    );
    expect(download.finished).toBe(false);
    download.answered();
    expect(download.finished).toBe(true);
    expect(download.state()).toBeUndefined();
    expect(changes).toBe(2);
  });
});

describe("npm's log while it loads and resolves", () => {
  const tempFolder = useTempFolder();
  afterEach(() => vi.useRealTimers());
  // The start of a real npm 11 log of `npx -y pkg@1.0.0 hi`.
  const title = (spec: string) =>
    `0 verbose cli node npm-cli.js\n1 info using npm@11.19.1\n7 verbose title npm exec ${spec} hi\n` +
    `8 verbose argv "exec" "--yes" "--" "${spec}" "hi"\n`;

  /** An npx launch of pkg@1.0.0 on a clock the test moves; npm's cache looked at every `pollMs`. */
  function launch(pollMs: number, before: (logs: string) => void = () => undefined) {
    const cache = tempFolder();
    const logs = join(cache, '_logs');
    mkdirSync(logs, { recursive: true });
    before(logs);
    const clock = { now: 1_000 };
    const download = new LauncherDownload({
      launcher: 'npx',
      package: 'pkg@1.0.0',
      npmCache: cache,
      onChange: () => undefined,
      now: () => clock.now,
      pollMs,
    });
    download.begin();
    return { logs, clock, download };
  }

  it("moves the launcher's last sign of work, without showing a download", () => {
    // Left by an earlier launch of the same package: not this one's.
    const { logs, clock, download } = launch(3_600_000, (logs) =>
      writeFileSync(join(logs, 'earlier-debug-0.log'), title('pkg@1.0.0')),
    );
    expect(download.lastSignOfWork).toBeUndefined();
    // Another launch's log, written meanwhile, is not this one's work either.
    writeFileSync(join(logs, 'other-debug-0.log'), title('other@2.0.0'));
    writeFileSync(join(logs, 'earlier-debug-0.log'), `${title('pkg@1.0.0')}9 more\n`);
    clock.now = 2_000;
    download.answered();
    expect(download.lastSignOfWork).toBeUndefined();
  });

  it('counts this launch’s log growing, and only while it grows', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { logs, clock, download } = launch(100);
    const look = () => vi.advanceTimersByTime(100);
    writeFileSync(join(logs, 'now-debug-0.log'), title('pkg@1.0.0'));
    clock.now = 5_000;
    look();
    expect(download.lastSignOfWork).toBe(5_000);
    clock.now = 9_000;
    look();
    expect(download.lastSignOfWork).toBe(5_000);
    writeFileSync(join(logs, 'now-debug-0.log'), `${title('pkg@1.0.0')}20 http fetch GET 200\n`);
    clock.now = 12_000;
    look();
    expect(download.lastSignOfWork).toBe(12_000);
    // Resolving is no download: nothing to show, and nothing stalled.
    expect(download.state()).toBeUndefined();
    expect(download.lastActivity).toBeUndefined();
    download.stop();
  });

  it('finds the log of `npx -p`, which names the package in its arguments only', () => {
    const { logs, clock, download } = launch(3_600_000);
    writeFileSync(
      join(logs, 'package-debug-0.log'),
      '7 verbose title npm exec tool\n8 verbose argv "exec" "--yes" "--package" "pkg@1.0.0" "--" "tool"\n',
    );
    clock.now = 7_000;
    download.answered();
    expect(download.lastSignOfWork).toBe(7_000);
  });
});
