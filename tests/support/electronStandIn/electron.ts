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
import { app } from './lifecycle';
import './control';
import {
  dialog,
  globalShortcut,
  MenuStandIn,
  nativeImage,
  nativeTheme,
  NotificationStandIn,
  safeStorage,
  screen,
  shell,
  TrayStandIn,
} from './desktopServices';
import { BrowserWindowStandIn, ipcMain, net, protocol, session, webContents } from './windows';

// What Electron's main process sees of itself.
const electronVersion = (
  JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('electron/package.json'), 'utf8'),
  ) as { version: string }
).version;
Object.defineProperty(process.versions, 'electron', { value: electronVersion, enumerable: true });
Object.defineProperty(process.versions, 'chrome', { value: '142.0.7444.0', enumerable: true });
Object.defineProperty(process, 'type', { value: 'browser', enumerable: true });

export {
  app,
  BrowserWindowStandIn as BrowserWindow,
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
  TrayStandIn as Tray,
  webContents,
};

export default {
  app,
  BrowserWindow: BrowserWindowStandIn,
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
  Tray: TrayStandIn,
  webContents,
};
