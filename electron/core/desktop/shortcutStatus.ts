/**
 * Whether a registered global shortcut can be known to work. On X11, macOS and Windows Electron
 * grabs the key itself and `globalShortcut.register` answers truly. In a Wayland session it hands
 * the shortcut to the GlobalShortcuts portal and answers true at once, whatever the portal later
 * decides (electron/electron shell/browser/api/electron_api_global_shortcut.cc, the
 * `IsRegistrationHandledExternally` branch); GNOME refuses apps whose `desktopName` matches no
 * installed desktop file, silently (docs/api/global-shortcut.md, "Usage on Linux").
 */
import type { DesktopStatus } from '../../../preload/contract';

/** A Wayland session, as the session sets it up (logind's type, or the compositor's socket). */
export function isWaylandSession(env: NodeJS.ProcessEnv): boolean {
  return env.XDG_SESSION_TYPE === 'wayland' || !!env.WAYLAND_DISPLAY;
}

export function shortcutStatus(input: {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  registered: boolean;
}): DesktopStatus['shortcut'] {
  if (!input.registered) return 'failed';
  return input.platform === 'linux' && isWaylandSession(input.env) ? 'unverified' : 'registered';
}
