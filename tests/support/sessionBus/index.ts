/**
 * A private D-Bus session bus for a test, with or without a tray host on it: the real
 * `dbus-daemon`, and `org.kde.StatusNotifierWatcher` owned by ./ownName.mjs when asked, which is
 * all a StatusNotifier host shows of itself to an app (KDE Plasma, GNOME's AppIndicator extension).
 * Stock GNOME has no owner of that name. Everything here is synchronous, so a harness can set up
 * the desktop before it starts the app: `dbus-daemon --fork` returns once the bus listens, and
 * `StartServiceByName` once the activated owner holds the name.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';
const OWNER_SCRIPT = join(import.meta.dirname, 'ownName.mjs');

export interface SessionBus {
  /** `DBUS_SESSION_BUS_ADDRESS` for the app under test. */
  address: string;
  /** A tray host appears (the AppIndicator extension switched on, a panel restarted). */
  startTrayHost(): void;
  /** The tray host goes away. */
  stopTrayHost(): void;
  stop(): void;
}

function busCall(address: string, method: string, ...args: string[]): string {
  const result = spawnSync(
    'dbus-send',
    [
      '--session',
      '--print-reply=literal',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      `org.freedesktop.DBus.${method}`,
      ...args,
    ],
    { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`dbus-send ${method} failed: ${result.stderr}`);
  return result.stdout.trim();
}

export function startSessionBus(options: { trayHost: boolean }): SessionBus {
  const folder = mkdtempSync(join(tmpdir(), 'hearth-bus-'));
  const services = join(folder, 'services');
  mkdirSync(services);
  const socket = join(folder, 'bus');
  writeFileSync(
    join(folder, 'bus.conf'),
    `<busconfig>
  <type>session</type>
  <!-- As the session bus of dbus-daemon's own session.conf; without its allow rules no reply comes back. -->
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <servicedir>${services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );
  writeFileSync(
    join(services, `${STATUS_NOTIFIER_WATCHER}.service`),
    `[D-BUS Service]\nName=${STATUS_NOTIFIER_WATCHER}\nExec=${process.execPath} ${OWNER_SCRIPT} ${STATUS_NOTIFIER_WATCHER}\n`,
  );
  const started = spawnSync(
    'dbus-daemon',
    [`--config-file=${join(folder, 'bus.conf')}`, '--fork', '--print-pid=1'],
    { encoding: 'utf8' },
  );
  if (started.status !== 0) throw new Error(`dbus-daemon did not start: ${started.stderr}`);
  const daemon = Number(started.stdout.trim());
  const address = `unix:path=${socket}`;
  const stop = () => {
    try {
      process.kill(daemon);
    } catch {
      // Already gone.
    }
    rmSync(folder, { recursive: true, force: true });
    process.off('exit', stop);
  };
  process.on('exit', stop);

  const bus: SessionBus = {
    address,
    startTrayHost: () =>
      void busCall(address, 'StartServiceByName', `string:${STATUS_NOTIFIER_WATCHER}`, 'uint32:0'),
    stopTrayHost() {
      const pid = /(\d+)\s*$/.exec(
        busCall(address, 'GetConnectionUnixProcessID', `string:${STATUS_NOTIFIER_WATCHER}`),
      )?.[1];
      if (pid) process.kill(Number(pid));
      // The bus drops the name when the owner's connection closes; wait until it has.
      for (let tries = 0; tries < 100; tries += 1) {
        if (busCall(address, 'NameHasOwner', `string:${STATUS_NOTIFIER_WATCHER}`).endsWith('false'))
          return;
        spawnSync('sleep', ['0.02']);
      }
      throw new Error('The tray host did not go away');
    },
    stop,
  };
  if (options.trayHost) bus.startTrayHost();
  return bus;
}
