import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronVersion } from '../support/firstRun/electronVersion';
import {
  releaseFileName,
  startElectronMirror,
  type ElectronMirror,
} from '../support/firstRun/electronMirror';
import { freshClone } from '../support/firstRun/freshClone';
import { tempDir } from '../support/testHost';

// `npm start` on a fresh clone, offline but for a loopback Electron mirror: the first start
// fetches Electron's binary through Electron's own installer (@electron/get, so ELECTRON_MIRROR
// and remote checksums work as Electron documents), then launches it on the app; a mirror that
// has nothing ends in one plain message.
const mirrors: ElectronMirror[] = [];
const clones: string[] = [];

afterEach(async () => {
  for (const mirror of mirrors.splice(0)) await mirror.close();
  for (const clone of clones.splice(0)) rmSync(clone, { recursive: true, force: true });
});

function npmRun(
  clone: string,
  env: NodeJS.ProcessEnv,
  script = 'start',
): Promise<{ code: number | null; output: string }> {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete environment.ELECTRON_EXEC_PATH;
  delete environment.ELECTRON_RENDERER_URL;
  const child = spawn('npm', ['run', script], {
    cwd: clone,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

async function setUp(answer: 'release' | 'not-found') {
  const mirror = await startElectronMirror({ version: electronVersion(), answer });
  mirrors.push(mirror);
  const clone = freshClone();
  clones.push(clone);
  const record = join(tempDir('launch'), 'launched.txt');
  const env = {
    ELECTRON_MIRROR: mirror.url,
    // The stand-in release is not Electron's, so it is checked against the mirror's checksums.
    electron_use_remote_checksums: '1',
    electron_config_cache: tempDir('electron-cache'),
    HEARTH_TEST_LAUNCH_RECORD: record,
  };
  return { mirror, clone, record, env };
}

describe('the first `npm start` on a fresh clone', () => {
  it('downloads Electron from the mirror with progress, then launches it on the app', async () => {
    const { mirror, clone, record, env } = await setUp('release');
    const version = electronVersion();
    const first = await npmRun(clone, env);
    expect(first.code, first.output).toBe(0);
    expect(mirror.requests).toEqual(
      expect.arrayContaining([
        `/v${version}/${releaseFileName(version)}`,
        `/v${version}/SHASUMS256.txt`,
      ]),
    );
    expect(first.output).toMatch(new RegExp(`Downloading Electron ${version}: 100%`));
    expect(first.output).toContain(`Electron ${version} is ready.`);

    // Launched as electron-vite launches Electron: on the app folder, after building it.
    const [cwd, devServer, ...args] = readFileSync(record, 'utf8').trimEnd().split('\n');
    expect(cwd).toBe(clone);
    expect(devServer).toBe('');
    expect(args[0]).toBe('.');
    expect(existsSync(join(clone, 'out', 'main', 'main.js'))).toBe(true);
    expect(readFileSync(join(clone, 'node_modules', 'electron', 'path.txt'), 'utf8')).toBe(
      'electron',
    );

    // The next start uses what is there: nothing more is asked of the mirror.
    const asked = mirror.requests.length;
    rmSync(record);
    const second = await npmRun(clone, env);
    expect(second.code, second.output).toBe(0);
    expect(mirror.requests).toHaveLength(asked);
    expect(second.output).not.toContain('Downloading Electron');
    expect(existsSync(record)).toBe(true);

    // `npm run dev` starts the same binary on the app, with the renderer's dev server.
    rmSync(record);
    const dev = await npmRun(clone, env, 'dev');
    expect(dev.code, dev.output).toBe(0);
    const [, devAddress, devEntry] = readFileSync(record, 'utf8').trimEnd().split('\n');
    expect(devAddress).toMatch(/^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d+\/?$/);
    expect(devEntry).toBe('.');
    expect(mirror.requests).toHaveLength(asked);
  }, 240_000);

  it('ends with one plain message, and a non-zero exit, when the mirror has no Electron', async () => {
    const { mirror, clone, record, env } = await setUp('not-found');
    const result = await npmRun(clone, env);
    expect(result.code).not.toBe(0);
    expect(mirror.requests).toContain(
      `/v${electronVersion()}/${releaseFileName(electronVersion())}`,
    );
    expect(result.output).toMatch(
      /Hearth could not download Electron \S+ for \S+, which the desktop app runs in: the download address answered 404/,
    );
    expect(result.output).toContain('ELECTRON_MIRROR');
    expect(result.output).toContain('npm run serve');
    expect(result.output).not.toContain('Electron uninstall');
    expect(result.output).not.toMatch(/^\s+at /m);
    expect(existsSync(record)).toBe(false);
    expect(existsSync(join(clone, 'out'))).toBe(false);
  }, 120_000);
});
