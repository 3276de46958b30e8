/**
 * The runtime doctor's sandbox part: on a PATH without bubblewrap it names what is missing and the
 * Debian packages that bring it, lists what it did find, and leaves user namespaces unchecked; with
 * everything there it says whether bubblewrap may create user namespaces. macOS and Windows get
 * the sandbox module's own verdict.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSandbox } from '../../../electron/core/runtimes/sandboxDoctor';
import { tempDir } from '../../support/testHost';

function programs(names: string[]): string {
  const folder = tempDir('sandbox-doctor');
  mkdirSync(folder, { recursive: true });
  for (const name of names) {
    writeFileSync(join(folder, name), '#!/bin/sh\nexit 0\n');
    chmodSync(join(folder, name), 0o755);
  }
  return folder;
}

describe.skipIf(process.platform === 'win32')('the runtime doctor on the sandbox', () => {
  it('says bubblewrap is missing from PATH, and how to get it on Debian or Ubuntu', async () => {
    const path = programs(['socat', 'rg']);
    let probed = false;
    const report = await checkSandbox(
      { platform: 'linux', environment: { PATH: path } },
      async () => ((probed = true), true),
    );
    expect(report.ok).toBe(false);
    expect(report.missing).toBe('bubblewrap (bwrap)');
    expect(report.advice).toBe('On Debian or Ubuntu: sudo apt install bubblewrap');
    expect(report.tools).toEqual([
      { command: 'bwrap', label: 'bubblewrap (bwrap)', package: 'bubblewrap' },
      { command: 'socat', label: 'socat', package: 'socat', path: join(path, 'socat') },
      { command: 'rg', label: 'ripgrep (rg)', package: 'ripgrep', path: join(path, 'rg') },
    ]);
    // Without bwrap there is nothing to ask about namespaces.
    expect(probed).toBe(false);
    expect(report.namespaces).toBeUndefined();
  });

  it('says user namespaces are off when bubblewrap may not create them', async () => {
    const path = programs(['bwrap', 'socat', 'rg']);
    const report = await checkSandbox(
      { platform: 'linux', environment: { PATH: path } },
      async (bwrap) => (expect(bwrap).toBe(join(path, 'bwrap')), false),
    );
    expect(report).toMatchObject({ ok: false, namespaces: false });
    expect(report.missing).toContain('user namespaces');
    expect(report.advice).toContain('kernel.unprivileged_userns_clone=1');
    expect(report.tools.every((tool) => tool.path !== undefined)).toBe(true);
  });

  it('is ready with every tool and user namespaces', async () => {
    const path = programs(['bwrap', 'socat', 'rg']);
    const report = await checkSandbox(
      { platform: 'linux', environment: { PATH: path } },
      async () => true,
    );
    expect(report).toMatchObject({ platform: 'linux', ok: true, namespaces: true });
    expect(report.missing).toBeUndefined();
  });

  it('gives macOS’s and Windows’s needs as the sandbox library states them', async () => {
    // macOS: sandbox-exec is the system's, ripgrep has to be on PATH.
    const withRg = programs(['rg']);
    expect(await checkSandbox({ platform: 'darwin', environment: { PATH: withRg } })).toEqual({
      platform: 'darwin',
      tools: [
        { command: 'rg', label: 'ripgrep (rg)', package: 'ripgrep', path: join(withRg, 'rg') },
      ],
      ok: true,
    });
    const withoutRg = await checkSandbox({ platform: 'darwin', environment: { PATH: '' } });
    expect(withoutRg).toMatchObject({ ok: false, missing: 'ripgrep (rg)' });
    expect(withoutRg.advice).toContain('brew install ripgrep');
    const windows = await checkSandbox({ platform: 'win32', environment: {} });
    expect(windows).toMatchObject({ platform: 'win32', ok: false });
    // The library's Windows mechanism refuses a launch's own allowRead and allowWrite, which a
    // server's policy always has: no set-up would make it work, so none is advised.
    expect(windows.advice).toContain('cannot sandbox on Windows yet');
    expect(windows.advice).not.toContain('windows-install');
  });
});
