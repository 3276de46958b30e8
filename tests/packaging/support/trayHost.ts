/**
 * A desktop session whose panel shows tray icons, for a test on a machine without one: Hearth
 * asks the session bus whether `org.kde.StatusNotifierWatcher` has an owner
 * (electron/core/desktop/trayHost.ts), first with GLib's `gdbus call`, which prints a method's
 * reply as a GVariant tuple, `(true,)` (GLib gio/gdbus-tool.c, handle_call). This stand-in
 * `gdbus` answers that, and a bus address is set so the question is asked at all.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export function trayHostStandIn(): NodeJS.ProcessEnv {
  const folder = mkdtempSync(join(tmpdir(), 'hearth-tray-host-'));
  writeFileSync(join(folder, 'gdbus'), "#!/bin/sh\necho '(true,)'\n");
  chmodSync(join(folder, 'gdbus'), 0o755);
  return {
    PATH: `${folder}${delimiter}${process.env.PATH ?? ''}`,
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(folder, 'bus')}`,
  };
}
