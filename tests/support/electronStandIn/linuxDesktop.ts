/**
 * The stand-in's Linux desktop session, as Electron 45 meets it: whether a tray icon is shown,
 * whether global shortcuts go through the portal and whether the portal binds them, and what the
 * login item API does. Read from the session the harness gives the app (./desktopApp.ts): its
 * session bus (tests/support/sessionBus), XDG_SESSION_TYPE / WAYLAND_DISPLAY, and XDG data dirs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { LoginItemSettings } from 'electron';

/**
 * Whether a new Tray shows anywhere. Electron's Linux tray registers a StatusNotifierItem with
 * the `org.kde.StatusNotifierWatcher` on the session bus; without one it falls back to a
 * GtkStatusIcon (electron/electron shell/browser/ui/tray_icon_linux.cc, OnImplInitializationFailed;
 * docs/api/tray.md, "Platform Considerations"), which GNOME Shell shows nowhere. No error
 * reaches the app either way. Asked once, when the Tray is made, as Chromium does.
 */
export function trayHostOnBus(): boolean {
  if (process.platform !== 'linux') return true;
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return false;
  const answer = spawnSync(
    'dbus-send',
    [
      '--session',
      '--print-reply=literal',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      'string:org.kde.StatusNotifierWatcher',
    ],
    { encoding: 'utf8', timeout: 5_000 },
  );
  return answer.status === 0 && answer.stdout.trim() === 'boolean true';
}

function waylandSession(): boolean {
  return process.env.XDG_SESSION_TYPE === 'wayland' || !!process.env.WAYLAND_DISPLAY;
}

/**
 * In a Wayland session Electron hands global shortcuts to the GlobalShortcuts portal, and
 * `register` answers true at once, taken or not (electron/electron
 * shell/browser/api/electron_api_global_shortcut.cc, the IsRegistrationHandledExternally branch).
 */
export function shortcutsGoThroughPortal(): boolean {
  return process.platform === 'linux' && waylandSession();
}

/** package.json's `desktopName`, which Electron reports to the portal as the app's id. */
function desktopName(): string | undefined {
  let dir = process.cwd();
  while (!existsSync(join(dir, 'package.json')) && join(dir, '..') !== dir) dir = join(dir, '..');
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { desktopName?: string })
      .desktopName;
  } catch {
    return undefined;
  }
}

/**
 * Whether the portal binds the app's shortcuts: only for a reverse-DNS `desktopName` that names
 * an installed desktop file; otherwise GNOME refuses every bind and the app is never told
 * (docs/api/app.md, `app.setDesktopName`; docs/api/global-shortcut.md, "Usage on Linux").
 */
export function portalBindsShortcuts(): boolean {
  const name = desktopName()?.replace(/\.desktop$/, '');
  if (!name || !/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*){2,}$/.test(name)) return false;
  const dataHome = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  const dataDirs = (process.env.XDG_DATA_DIRS || '/usr/local/share:/usr/share').split(':');
  return [dataHome, ...dataDirs].some((dir) =>
    existsSync(join(dir, 'applications', `${name}.desktop`)),
  );
}

/**
 * What Electron 45's `app.getLoginItemSettings()` returns on Linux: the defaults, whatever was
 * set, since `Browser::GetLoginItemSettings` and `Browser::SetLoginItemSettings` are empty there
 * (shell/browser/browser_linux.cc); the converter always sets these three fields
 * (shell/common/gin_converters/login_item_settings_converter.cc).
 */
export const LINUX_LOGIN_ITEM_SETTINGS: Pick<
  LoginItemSettings,
  'openAtLogin' | 'executableWillLaunchAtLogin' | 'wasOpenedAtLogin'
> = { executableWillLaunchAtLogin: false, openAtLogin: false, wasOpenedAtLogin: false };
