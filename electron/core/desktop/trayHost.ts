/**
 * Whether the desktop shows tray icons. Electron's `new Tray()` never says: on Linux it registers
 * a StatusNotifierItem, and when no StatusNotifier host is on the session bus it falls back to a
 * GtkStatusIcon that GNOME Shell (since 3.26) shows nowhere, without an error
 * (electron/electron shell/browser/ui/tray_icon_linux.cc, OnImplInitializationFailed; docs/api/
 * tray.md, "Platform Considerations"). A host shows itself by owning
 * `org.kde.StatusNotifierWatcher` on the session bus (KDE Plasma, GNOME's AppIndicator extension,
 * most other panels), so that is what is asked, through the D-Bus command-line clients every
 * desktop ships (gdbus with GLib, dbus-send with D-Bus, busctl with systemd): no native module.
 * macOS and Windows always have a menu bar or notification area.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';

/** `present`/`absent` as the bus answered; `unknown` when no client could ask it. */
export type TrayHostAnswer = 'present' | 'absent' | 'unknown';

type RunResult = { ok: boolean; stdout: string } | undefined;

/** Runs a program; `undefined` when it is not installed. */
export type ProgramRunner = (
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
) => Promise<RunResult>;

/** The same, blocking: for the one answer needed before the first window exists. */
export type SyncProgramRunner = (file: string, args: string[], env: NodeJS.ProcessEnv) => RunResult;

/** Each client's call of `org.freedesktop.DBus.NameHasOwner`, and how it prints the boolean. */
const CLIENTS: { file: string; args: string[]; answer: RegExp }[] = [
  {
    file: 'gdbus',
    args: [
      'call',
      '--session',
      '--dest',
      'org.freedesktop.DBus',
      '--object-path',
      '/org/freedesktop/DBus',
      '--method',
      'org.freedesktop.DBus.NameHasOwner',
      STATUS_NOTIFIER_WATCHER,
    ],
    answer: /^\((true|false),\)$/, // "(true,)"
  },
  {
    file: 'dbus-send',
    args: [
      '--session',
      '--print-reply=literal',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      `string:${STATUS_NOTIFIER_WATCHER}`,
    ],
    answer: /^boolean (true|false)$/, // "   boolean true"
  },
  {
    file: 'busctl',
    args: [
      '--user',
      'call',
      'org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus',
      'NameHasOwner',
      's',
      STATUS_NOTIFIER_WATCHER,
    ],
    answer: /^b (true|false)$/, // "b true"
  },
];

/**
 * The session bus to ask, or undefined when there is none. Without DBUS_SESSION_BUS_ADDRESS the
 * clients would fall back to X11 autolaunch and start a bus of their own, which has no host on it.
 */
export function sessionBusAddress(env: NodeJS.ProcessEnv): string | undefined {
  if (env.DBUS_SESSION_BUS_ADDRESS) return env.DBUS_SESSION_BUS_ADDRESS;
  const runtime = env.XDG_RUNTIME_DIR;
  // systemd's user bus, where desktops without the variable keep it.
  if (runtime && existsSync(join(runtime, 'bus'))) return `unix:path=${join(runtime, 'bus')}`;
  return undefined;
}

type Client = (typeof CLIENTS)[number];
type Asking = { platform: NodeJS.Platform; env: NodeJS.ProcessEnv };

/** The environment to run the clients in, or the answer when there is nothing to ask. */
function prepare(options: Asking): NodeJS.ProcessEnv | TrayHostAnswer {
  if (options.platform !== 'linux') return 'present';
  const address = sessionBusAddress(options.env);
  if (!address) return 'absent';
  return { ...options.env, DBUS_SESSION_BUS_ADDRESS: address };
}

/** A client's answer; undefined to try the next client (this one is not installed). */
function interpret(client: Client, result: RunResult): TrayHostAnswer | undefined {
  if (!result) return undefined;
  // Installed but failed: the bus cannot be reached, so nothing shows a tray on it.
  if (!result.ok) return 'absent';
  const answer = client.answer.exec(result.stdout.trim())?.[1];
  if (!answer) return undefined;
  return answer === 'true' ? 'present' : 'absent';
}

export async function findTrayHost(
  options: Asking & { run?: ProgramRunner },
): Promise<TrayHostAnswer> {
  const env = prepare(options);
  if (typeof env === 'string') return env;
  const run = options.run ?? runProgram;
  for (const client of CLIENTS) {
    const answer = interpret(client, await run(client.file, client.args, env));
    if (answer) return answer;
  }
  return 'unknown';
}

/** As findTrayHost, blocking (a client answers in milliseconds): for the answer at start. */
export function findTrayHostSync(options: Asking & { run?: SyncProgramRunner }): TrayHostAnswer {
  const env = prepare(options);
  if (typeof env === 'string') return env;
  const run = options.run ?? runProgramSync;
  for (const client of CLIENTS) {
    const answer = interpret(client, run(client.file, client.args, env));
    if (answer) return answer;
  }
  return 'unknown';
}

/** Without an answer, Hearth acts as if there were no tray: the window can always come back. */
export function hasTray(answer: TrayHostAnswer): boolean {
  return answer === 'present';
}

/** A client answers in milliseconds; one that hangs must not hold up closing the window. */
const CLIENT_TIMEOUT_MS = 2_000;

const runProgram: ProgramRunner = (file, args, env) =>
  new Promise((resolve) => {
    execFile(
      file,
      args,
      { env, timeout: CLIENT_TIMEOUT_MS, encoding: 'utf8', windowsHide: true },
      (error, stdout) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') resolve(undefined);
        else resolve({ ok: !error, stdout });
      },
    );
  });

const runProgramSync: SyncProgramRunner = (file, args, env) => {
  const result = spawnSync(file, args, {
    env,
    timeout: CLIENT_TIMEOUT_MS,
    encoding: 'utf8',
    windowsHide: true,
  });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return undefined;
  return { ok: !result.error && result.status === 0, stdout: result.stdout ?? '' };
};
