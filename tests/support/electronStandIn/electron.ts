/**
 * A stand-in for the `electron` module, for running the real built main process
 * (`out/main/main.js`) in plain Node where no Electron binary can be had. It behaves as
 * Electron 45 documents for the parts Hearth uses, is typed against `electron.d.ts`, records
 * what the app asks of it, and takes commands from the test (./control.ts) to play the user and
 * the renderer: IPC from a given frame, a page request to `app://`, navigation, permission
 * requests, tray and menu clicks, a second instance, quitting.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { app } from './lifecycle';
import './control';
import {
  dialog,
  globalShortcut,
  MenuStandIn,
  nativeImage,
  nativeTheme,
  NotificationStandIn,
  screen,
  shell,
  TrayStandIn,
} from './desktopServices';
import { safeStorage } from './safeStorage';
import { desktopCapturer, systemPreferences } from './screenCapture';
import { BrowserWindowStandIn, ipcMain, net, protocol, session, webContents } from './windows';

// What Electron 45's main process sees of itself: its Node 24.18.1 and Chromium 153 (Electron's
// DEPS, `node_version` and `chromium_version` on the 45 line), and its module ABI
// (node_modules/electron/abi_version), whatever Node runs the stand-in.
const electronPackage = createRequire(import.meta.url).resolve('electron/package.json');
const electronVersion = (JSON.parse(readFileSync(electronPackage, 'utf8')) as { version: string })
  .version;
const moduleAbi = readFileSync(join(dirname(electronPackage), 'abi_version'), 'utf8').trim();
for (const [name, value] of Object.entries({
  electron: electronVersion,
  chrome: '153.0.8001.0',
  node: '24.18.1',
  modules: moduleAbi,
}))
  Object.defineProperty(process.versions, name, { value, enumerable: true, configurable: true });
Object.defineProperty(process, 'type', { value: 'browser', enumerable: true });
// Started as a packaged app (HEARTH_STANDIN_EXEC_PATH, the packaged executable): Electron sets
// process.execPath to that executable and process.resourcesPath to the `resources` folder beside
// it (Contents/Resources in a macOS bundle); see electron/electron shell/common/node_bindings.cc.
const packagedExecutable = process.env.HEARTH_STANDIN_EXEC_PATH;
if (packagedExecutable) {
  Object.defineProperty(process, 'execPath', { value: packagedExecutable, enumerable: true });
  const resources =
    process.platform === 'darwin'
      ? join(dirname(packagedExecutable), '..', 'Resources')
      : join(dirname(packagedExecutable), 'resources');
  Object.defineProperty(process, 'resourcesPath', { value: resources, enumerable: true });
  app.setPath('exe', packagedExecutable);
}

export {
  app,
  BrowserWindowStandIn as BrowserWindow,
  desktopCapturer,
  dialog,
  globalShortcut,
  ipcMain,
  MenuStandIn as Menu,
  nativeImage,
  nativeTheme,
  net,
  NotificationStandIn as Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
  TrayStandIn as Tray,
  webContents,
};

export default {
  app,
  BrowserWindow: BrowserWindowStandIn,
  desktopCapturer,
  dialog,
  globalShortcut,
  ipcMain,
  Menu: MenuStandIn,
  nativeImage,
  nativeTheme,
  net,
  Notification: NotificationStandIn,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
  Tray: TrayStandIn,
  webContents,
};
