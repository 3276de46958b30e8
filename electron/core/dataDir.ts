/**
 * Where Hearth keeps its data when nobody says otherwise: the same folder Electron's
 * `app.getPath('userData')` gives the desktop app, so `npm run serve` and `npm start` share
 * settings by default.
 */
import { join, win32, posix } from 'node:path';

export const APP_NAME = 'Hearth';

export function defaultDataDir(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  home: string,
): string {
  if (platform === 'win32') {
    // An empty APPDATA is as good as none: it would make the folder relative to the working directory.
    return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), APP_NAME);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_NAME);
  const configHome = env.XDG_CONFIG_HOME?.startsWith('/')
    ? env.XDG_CONFIG_HOME
    : join(home, '.config');
  return posix.join(configHome, APP_NAME);
}
