import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBuilderArguments, targetsOf } from '../../../scripts/packaging/builderArguments.mjs';
import { electronReleaseFor } from '../../../scripts/packaging/electronRelease.mjs';
import { electronVersion } from '../../support/firstRun/electronVersion';
import { startElectronMirror, type ElectronMirror } from '../../support/firstRun/electronMirror';
import { startReleaseMirror, type ReleaseMirror } from '../../packaging/support/releaseMirror';
import { standInReleaseZip } from '../../packaging/support/standInRelease';
import { REPO_ROOT } from '../../support/serveProcess';
import { tempDir } from '../../support/testHost';

// Which Electron `npm run dist` packs: for this computer's platform and architecture, however
// the arguments spell it, the installed release (checked against electron's pinned checksums
// when `npm start` fetched it); for another platform, a download checked against the same
// pinned checksums. (It used to guess the platform from a pattern over the arguments, so
// `--linux` on Linux skipped the installed release and electron-builder downloaded one checked
// only against the mirror's own SHASUMS256.txt.)
const mirrors: (ElectronMirror | ReleaseMirror)[] = [];
afterEach(async () => {
  for (const mirror of mirrors.splice(0)) await mirror.close();
});

/** A project whose electron package has its release installed (a stand-in executable). */
function projectWithInstalledElectron(): { root: string; dist: string } {
  const root = tempDir('project');
  writeFileSync(join(root, 'package.json'), '{"name":"project","version":"1.0.0"}');
  const electron = join(root, 'node_modules', 'electron');
  cpSync(join(REPO_ROOT, 'node_modules', 'electron'), electron, {
    recursive: true,
    filter: (source) => !source.includes(`${join('electron', 'dist')}`),
  });
  const dist = join(electron, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'version'), electronVersion());
  writeFileSync(join(dist, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
  writeFileSync(join(electron, 'path.txt'), 'electron');
  // Electron's installer, as the electron package finds it (hoisted beside it).
  mkdirSync(join(root, 'node_modules', '@electron'));
  symlinkSync(
    join(REPO_ROOT, 'node_modules', '@electron', 'get'),
    join(root, 'node_modules', '@electron', 'get'),
  );
  return { root, dist };
}

const hostSpellings = [
  ['--linux'],
  ['-l'],
  ['--linux', 'deb'],
  ['--linux', 'dir', 'deb'],
  ['--dir'],
  ['--x64'],
  ['-l', '--x64'],
  ['--linux', 'AppImage', '-c.compression=store'],
  [],
];

describe.runIf(process.platform === 'linux' && process.arch === 'x64')(
  'the Electron a Linux x64 build packs',
  () => {
    it.each(hostSpellings.map((argv) => ({ argv, spelled: argv.join(' ') || '(no arguments)' })))(
      'npm run dist -- $spelled uses the installed release, asking no mirror',
      async ({ argv }) => {
        const { root, dist } = projectWithInstalledElectron();
        const mirror = await startElectronMirror({ version: electronVersion(), answer: 'release' });
        mirrors.push(mirror);
        const env = { ...process.env, ELECTRON_MIRROR: mirror.url };
        const targets = targetsOf(REPO_ROOT, parseBuilderArguments(REPO_ROOT, argv));
        expect(targets.length).toBeGreaterThan(0);
        for (const target of targets)
          expect(await electronReleaseFor(root, target, { env, log: { write: () => true } })).toBe(
            dist,
          );
        expect(mirror.requests).toEqual([]);
      },
      // The first loads electron-builder, seconds on a busy machine.
      30_000,
    );
  },
);

describe('the Electron a build for another platform packs', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('is downloaded and refused when it does not match electron’s pinned checksum, saying the file was wrong', async () => {
    const { root } = projectWithInstalledElectron();
    const other = process.platform === 'win32' ? 'linux' : 'win32';
    const targets = targetsOf(
      REPO_ROOT,
      parseBuilderArguments(REPO_ROOT, [other === 'win32' ? '--win' : '--linux', '--x64']),
    );
    expect(targets).toEqual([{ platform: other, arch: 'x64' }]);
    // The mirror serves a stand-in zip under the release's name, with a SHASUMS256.txt that
    // vouches for it: only the pinned checksum can tell.
    const version = electronVersion();
    const mirror = await startReleaseMirror(version, {
      [`electron-v${version}-${other}-x64.zip`]: await standInReleaseZip(version),
    });
    mirrors.push(mirror);
    // @electron/get reads the mirror from the process's environment (artifact-utils.js).
    process.env.ELECTRON_MIRROR = mirror.url;
    process.env.electron_config_cache = tempDir('electron-cache');
    delete process.env.electron_use_remote_checksums;
    delete process.env.npm_config_electron_use_remote_checksums;
    const failure = await electronReleaseFor(root, targets[0] ?? { platform: '', arch: '' }, {
      env: process.env,
      log: { write: () => true },
    }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(mirror.requests).toContain(`/v${version}/electron-v${version}-${other}-x64.zip`);
    expect(failure?.name).toBe('ElectronDownloadError');
    expect(failure?.message).toContain(
      'is not the file Electron released: its SHA-256 does not match the checksum pinned in the electron package',
    );
    expect(failure?.message).toContain(mirror.url);
    expect(failure?.message).not.toMatch(/network|offline/i);
  }, 30_000);
});
