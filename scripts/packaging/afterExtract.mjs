/**
 * electron-builder's afterExtract hook: Electron's release is unpacked into the app folder, but
 * its own sample app (`resources/default_app.asar`) and `version` file are not Hearth's.
 * electron-builder deletes them only when it downloaded the release itself
 * (app-builder-lib out/electron/ElectronFramework.js, `cleanupAfterUnpack`); Hearth always hands
 * it a verified release (scripts/packaging/buildInstallers.mjs), so they are deleted here.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export default function afterExtract({ appOutDir, electronPlatformName }) {
  const mac = electronPlatformName === 'darwin' || electronPlatformName === 'mas';
  const resources = mac
    ? join(appOutDir, 'Electron.app', 'Contents', 'Resources')
    : join(appOutDir, 'resources');
  rmSync(join(resources, 'default_app.asar'), { force: true });
  rmSync(join(appOutDir, 'version'), { force: true });
}
