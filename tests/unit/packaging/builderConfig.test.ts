import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';

// electron-builder.yml as `npm run dist` sees it: read and merged by electron-builder's own loader,
// then checked by its own schema validation, without building anything.
const ROOT = join(import.meta.dirname, '..', '..', '..');
const BUILD = join(ROOT, 'build');

/** validateConfiguration logs schema details only when its debug logger is on. */
const quietLogger = { isEnabled: false, add: () => undefined } as unknown as Parameters<
  typeof validateConfiguration
>[1];

type TargetList = NonNullable<NonNullable<Configuration['linux']>['target']>;

function targetNames(targets: TargetList | null | undefined): string[] {
  const list = Array.isArray(targets) ? targets : targets ? [targets] : [];
  return list.map((target) => (typeof target === 'string' ? target : target.target));
}

let config: Configuration;
beforeAll(async () => {
  config = await getConfig(ROOT, 'electron-builder.yml', null);
});

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema validation', async () => {
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined();
    // Loading electron-builder's schema takes seconds on a busy machine.
  }, 30_000);

  it('is checked for real: a misspelt option fails the same validation', async () => {
    const misspelt = { ...config, mac: { ...config.mac, hardenedRuntme: true } } as Configuration;
    await expect(validateConfiguration(misspelt, quietLogger)).rejects.toThrow(
      /configuration\.mac /,
    );
  });

  it('names the app', () => {
    expect(config.appId).toBe('io.github.hearth.Hearth');
    expect(config.productName).toBe('Hearth');
  });

  // The deb only on Linux: it brings the AppArmor profile Ubuntu 24.04+ needs for Chromium's
  // sandbox, which an AppImage cannot (docs/desktop.md, "Installers: `npm run dist`").
  it('builds a deb on Linux, dmg on macOS and an NSIS installer on Windows', () => {
    expect(targetNames(config.linux?.target)).toEqual(['deb']);
    expect(targetNames(config.mac?.target)).toEqual(['dmg']);
    expect(targetNames(config.win?.target)).toEqual(['nsis']);
  });

  it('signs for the hardened runtime with an entitlements file that exists', () => {
    expect(config.mac?.hardenedRuntime).toBe(true);
    for (const file of [config.mac?.entitlements, config.mac?.entitlementsInherit]) {
      expect(file).toBeTruthy();
      expect(existsSync(join(ROOT, file ?? ''))).toBe(true);
    }
  });

  it('refers only to icons that exist', () => {
    const linuxIcons = join(ROOT, config.linux?.icon ?? '');
    expect(statSync(linuxIcons).isDirectory()).toBe(true);
    expect(readdirSync(linuxIcons).filter((name) => /^\d+x\d+\.png$/.test(name))).toContain(
      '512x512.png',
    );
    expect(existsSync(join(ROOT, config.win?.icon ?? ''))).toBe(true);
    // macOS takes build/icon.png (or .icns) from buildResources when `mac.icon` is unset.
    const macIcon = config.mac?.icon ?? join(config.directories?.buildResources ?? '', 'icon.png');
    expect(existsSync(join(ROOT, macIcon))).toBe(true);
  });

  it('ships the tray icons into the resources folder, where the packaged app finds them', () => {
    const trayImages = readdirSync(BUILD).filter((name) => /^tray.*\.png$/.test(name));
    expect(trayImages).toEqual(
      expect.arrayContaining(['tray.png', 'trayTemplate.png', 'trayTemplate@2x.png']),
    );
    const resources = (config.extraResources ?? []) as {
      from?: string;
      to?: string;
      filter?: string[];
    }[];
    // electron-builder normalises `to: .` to no `to` at all: the resources folder itself.
    const shipped = resources.filter((set) => set.from === 'build' && set.to === undefined);
    const matched = trayImages.filter((name) =>
      shipped.some((set) => (set.filter ?? ['**/*']).some((glob) => minimatch(name, glob))),
    );
    expect(matched.sort()).toEqual([...trayImages].sort());
  });
});
