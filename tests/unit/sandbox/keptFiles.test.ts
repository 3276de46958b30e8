/**
 * What a deleted server wrote for the user, told apart from its launcher's caches, on real
 * folders laid out as the launchers lay them out. npx's (the memory server's real install) is
 * covered end to end in tests/integration/sandboxDeleteKeeps.test.ts; uv cannot be downloaded
 * here, so its environments are made as uv makes them: each package's files, then its
 * `.dist-info/RECORD` (uv-install-wheel's `install_wheel`), the whole moved to
 * `archive-v0/<id>` (uv-cache's `Cache::persist`), and the tool folder's one per tool.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesItWrote } from '../../../electron/core/sandbox';
import { tempDir } from '../../support/testHost';

const INSTALLED = new Date('2026-11-01T10:00:00Z');
const LATER = new Date('2026-11-01T10:00:01Z');

function file(path: string, when: Date, text = ''): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, when, when);
  return path;
}

/** A uv environment with one package, installed at INSTALLED. */
function uvEnvironment(root: string): string {
  const sitePackages = join(root, 'lib', 'python3.12', 'site-packages');
  file(join(root, 'pyvenv.cfg'), INSTALLED, 'home = /usr/bin\n');
  file(join(root, 'bin', 'notes-server'), INSTALLED);
  file(join(sitePackages, 'notes_server', '__init__.py'), INSTALLED);
  file(join(sitePackages, 'notes_server-1.0.dist-info', 'RECORD'), INSTALLED);
  return sitePackages;
}

describe('what a deleted server wrote, beside its launcher’s caches', () => {
  it('in a uvx environment: what changed after uv’s last RECORD, not its bytecode', async () => {
    const own = tempDir('kept-uvx');
    const sitePackages = uvEnvironment(join(own, 'cache', 'uv', 'archive-v0', 'Xq3kP0aB1'));
    file(join(sitePackages, 'notes_server', '__pycache__', '__init__.cpython-312.pyc'), LATER);
    const notes = file(join(sitePackages, 'notes_server', 'notes.db'), LATER, 'mine');
    // An unpacked wheel in the same bucket is uv's whatever its time.
    file(join(own, 'cache', 'uv', 'archive-v0', 'Wheel9', 'pkg', 'mod.py'), LATER);
    expect(await filesItWrote(own)).toEqual([notes]);
  });

  it('in a uv tool’s environment, and nothing where the install never finished', async () => {
    const own = tempDir('kept-uv-tool');
    const sitePackages = uvEnvironment(join(own, 'cache', 'uv-tools', 'notes-server'));
    const settings = file(join(sitePackages, 'notes_server', 'settings.json'), LATER, '{}');
    const unfinished = join(own, 'cache', 'uv', 'archive-v0', 'Cut0ff');
    file(join(unfinished, 'pyvenv.cfg'), INSTALLED);
    file(join(unfinished, 'lib', 'python3.12', 'site-packages', 'half', 'a.py'), LATER);
    expect(await filesItWrote(own)).toEqual([settings]);
  });

  it('anything outside the caches, whatever its time', async () => {
    const own = tempDir('kept-outside');
    const written = file(join(own, 'exports', 'report.csv'), INSTALLED, 'a,b');
    expect(await filesItWrote(own)).toEqual([written]);
  });
});
