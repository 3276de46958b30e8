import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_ID } from '../../../electron/core/desktop';

// GNOME's GlobalShortcuts portal binds the quick chat shortcut only for an app whose desktopName
// is a reverse-DNS id naming its installed desktop entry (electron docs/api/app.md,
// app.setDesktopName); docks match windows to launchers by the same id. One id everywhere.
const ROOT = join(import.meta.dirname, '..', '..', '..');
const project = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  desktopName: string;
};
let config: Configuration;
beforeAll(async () => {
  config = await getConfig(ROOT, 'electron-builder.yml', null);
});

describe('the desktop id', () => {
  it('is reverse-DNS, and package.json’s desktopName, electron-builder’s appId and the core agree', () => {
    expect(DESKTOP_ID).toMatch(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*){2,}$/);
    expect(project.desktopName).toBe(`${DESKTOP_ID}.desktop`);
    expect(config.appId).toBe(DESKTOP_ID);
  });

  it('names the installed desktop entry, and StartupWMClass is left for electron-builder to set to it', () => {
    // What electron-builder names the deb's and the AppImage's entry (LinuxTargetHelper).
    const helper = new LinuxTargetHelper({
      platformSpecificBuildOptions: config.linux ?? {},
      info: { metadata: project },
      executableName: 'hearth',
    } as never);
    expect(helper.getDesktopFileName()).toBe(DESKTOP_ID);
    // An override would part the window (app_id = desktopName) from its launcher.
    const entry = (config.linux?.desktop as { entry?: Record<string, string> } | undefined)?.entry;
    expect(entry?.StartupWMClass ?? DESKTOP_ID).toBe(DESKTOP_ID);
  });
});
