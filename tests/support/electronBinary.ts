/**
 * Finds an installed Electron binary the way the `electron` package does, but without its
 * fallback of downloading one: a missing binary is a reason to skip, not a network request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './serveProcess';

export function findElectronBinary(): { path?: string; reason?: string } {
  const packageDir = join(REPO_ROOT, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(pathFile) && !override) {
    return {
      reason:
        'no Electron binary installed: `npm start` downloads it from Electron’s release site (or ELECTRON_MIRROR), which this machine cannot reach; the built main process is tested against a stand-in in desktopMain.test.ts',
    };
  }
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const binary = override ? join(override, relative) : join(packageDir, 'dist', relative);
  if (!existsSync(binary)) return { reason: `the Electron binary ${binary} is missing` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'no display to open windows on (run the tests under xvfb-run)' };
  }
  return { path: binary };
}
