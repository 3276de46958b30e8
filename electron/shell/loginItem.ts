/**
 * Where "Launch Hearth at login" lives on each system: Electron's login item on macOS and
 * Windows; on Linux, where Electron's `setLoginItemSettings` does nothing
 * (electron/electron shell/browser/browser_linux.cc), an XDG autostart entry (core/desktop/autostart.ts).
 */
import { app } from 'electron';
import { homedir } from 'node:os';
import {
  autostartExec,
  execValue,
  launchCommand,
  readAutostart,
  writeAutostart,
  type LoginItemBackend,
} from '../core/desktop';

export function loginItemBackend(): LoginItemBackend {
  if (process.platform !== 'linux') {
    return {
      read: () => app.getLoginItemSettings().openAtLogin,
      write: (openAtLogin) => app.setLoginItemSettings({ openAtLogin }),
    };
  }
  const place = { env: process.env, home: homedir() };
  const entry = {
    name: app.getName(),
    comment: 'Chat with a local Ollama model that uses tools from MCP servers',
    command: launchCommand({
      env: process.env,
      execPath: process.execPath,
      isPackaged: app.isPackaged,
      appPath: app.getAppPath(),
    }),
  };
  return {
    read: () => readAutostart(place),
    write: (enabled) => void writeAutostart(place, enabled, entry),
    stale: () => autostartExec(place) !== execValue(entry.command),
  };
}
