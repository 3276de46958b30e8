/**
 * Runs the built desktop main process (`out/main/main.js`, what `npm start` hands Electron) in
 * plain Node with the `electron` stand-in, and drives it: each command goes over Node's IPC
 * channel to ./control.ts and comes back answered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../serveProcess';
import type { MenuDescription } from './desktopServices';
import { startSessionBus, type SessionBus } from '../sessionBus';

export const BUILT_MAIN = join(REPO_ROOT, 'out', 'main', 'main.js');
const REGISTER = join(import.meta.dirname, 'register.ts');

export interface DesktopState {
  ready: boolean;
  userData: string;
  singleInstanceLock: boolean;
  windows: {
    id: number;
    title?: string;
    options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>;
    url: string;
    visible: boolean;
    focused: boolean;
    minimized: boolean;
    counts: { show: number; focus: number; hide: number; restore: number };
    eventsSent: number;
    sentChannels: string[];
  }[];
  focusedWindow: number | null;
  ipcChannels: string[];
  privilegedSchemes: { scheme: string; privileges?: Record<string, boolean> }[];
  handledSchemes: string[];
  permissionHandlers: { request: boolean; check: boolean; device: boolean };
  tray: {
    tooltip: string;
    images: string[];
    destroyed: boolean;
    menu: MenuDescription[] | null;
    /** False where the desktop shows it nowhere (no StatusNotifier host on Linux). */
    shown: boolean;
  } | null;
  appMenu: MenuDescription[] | null;
  shortcuts: string[];
  notifications: { title?: string; body?: string }[];
  openedExternally: string[];
  errorBoxes: { title: string; content: string }[];
  calls: { api: string; detail?: unknown }[];
}

export type Outcome<T> =
  { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

export interface DesktopApp {
  child: ChildProcess;
  /** The app's session bus, on which a tray host can come and go. */
  bus: SessionBus;
  /** Sends a command to the stand-in and resolves with its answer. */
  command<T = unknown>(command: string, fields?: Record<string, unknown>): Promise<T>;
  state(): Promise<DesktopState>;
  /**
   * Invokes a contract channel as the renderer in window `windowId` (the first by default), from
   * a frame at `frameUrl` (the app's page by default); resolves with what main answered.
   */
  invoke<T = unknown>(
    channel: string,
    args: unknown[],
    options?: { windowId?: number; frameUrl?: string | null },
  ): Promise<Outcome<T>>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
  kill(): void;
}

export function startDesktopApp(options: {
  dataDir: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /**
   * Whether the desktop has a tray host (KDE Plasma, GNOME with the AppIndicator extension);
   * false is stock GNOME. True unless said.
   */
  trayHost?: boolean;
  /** Another built main script (a packaged app's, inside its unpacked `app.asar`). */
  main?: string;
}): DesktopApp {
  // A desktop session of its own: a session bus with or without a tray host, and X11 (a test
  // asks for Wayland in `env`), whatever session the tests themselves run in.
  const bus = startSessionBus({ trayHost: options.trayHost ?? true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: bus.address,
    HEARTH_DATA_DIR: options.dataDir,
    ...options.env,
  };
  if (!options.env?.WAYLAND_DISPLAY) delete env.WAYLAND_DISPLAY;
  if (!options.env?.XDG_SESSION_TYPE) delete env.XDG_SESSION_TYPE;
  delete env.ELECTRON_RENDERER_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', REGISTER, options.main ?? BUILT_MAIN, ...(options.args ?? [])],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  void exited.then(() => bus.stop());

  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.ok) entry?.resolve(message.value);
    else entry?.reject(new Error(message.error));
  });
  void exited.then(() => {
    for (const entry of waiting.values())
      entry.reject(new Error(`The app exited before answering.\n${output}`));
    waiting.clear();
  });

  const command = <T>(name: string, fields: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      if (!child.connected) {
        reject(new Error(`The app is not running.\n${output}`));
        return;
      }
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, command: name, ...fields });
    });

  return {
    child,
    bus,
    command,
    state: () => command<DesktopState>('state'),
    async invoke(channel, args, invokeOptions = {}) {
      const windowId =
        invokeOptions.windowId ?? (await command<DesktopState>('state')).windows[0]?.id;
      const answer = await command<{ ok: true; value: never } | { ok: false; error: string }>(
        'invoke',
        {
          windowId,
          channel,
          args,
          frameUrl:
            invokeOptions.frameUrl === undefined
              ? 'app://hearth/index.html'
              : invokeOptions.frameUrl,
        },
      );
      // A rejected `ipcRenderer.invoke` (no handler): the preload reports it as E_DISCONNECTED.
      return answer.ok
        ? answer.value
        : { ok: false, error: { code: 'E_DISCONNECTED', message: answer.error } };
    },
    exited,
    output: () => output,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Polls `read` until `done` holds, or fails with what was last read. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`Timed out; last seen: ${JSON.stringify(last).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}
