/**
 * The stand-in's `app`: ready once the main script has run, paths, the single-instance lock
 * (held per userData folder, as Electron's is, so a second process on the same folder is told
 * no and the first gets `second-instance`), and quitting in Electron's order: `before-quit`
 * (preventable), windows closed, `will-quit` (preventable), `quit`, exit; a first SIGTERM, SIGINT
 * or SIGHUP quits the same way.
 */
import { EventEmitter } from 'node:events';
import {
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  watch,
  writeFileSync,
  closeSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { deserialize, serialize } from 'node:v8';
import { basename, dirname, join } from 'node:path';
import type { App, LoginItemSettings, Settings } from 'electron';
import { note } from './recorder';
import { LINUX_LOGIN_ITEM_SETTINGS } from './linuxDesktop';

/** The app folder, as Electron takes it from the command line: where package.json is. */
function findAppPath(): string {
  let dir = dirname(process.argv[1] ?? process.cwd());
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

const appPath = findAppPath();
const appPackage = JSON.parse(readFileSync(join(appPath, 'package.json'), 'utf8')) as {
  name: string;
  productName?: string;
  version: string;
};

/** A preventable Electron event. */
export function preventableEvent(): { defaultPrevented: boolean; preventDefault(): void } {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

type Closer = () => boolean;

class AppStandIn extends EventEmitter {
  /**
   * As Electron decides it (electron/electron lib/browser/api/app.ts, `isPackaged`): the
   * executable is not Electron's own `electron` (`electron.exe`). The stand-in runs on plain
   * `node`, so it counts as packaged only when started as one (HEARTH_STANDIN_EXEC_PATH).
   */
  get isPackaged(): boolean {
    const executable = basename(process.execPath).toLowerCase();
    return (
      process.env.HEARTH_STANDIN_EXEC_PATH !== undefined &&
      executable !== (process.platform === 'win32' ? 'electron.exe' : 'electron')
    );
  }
  private readonly paths = new Map<string, string>();
  private ready = false;
  private quitting = false;
  private readonly readyPromise: Promise<void>;
  private lockFile: string | undefined;
  private loginItem: Settings = {};
  /** Set by the window module: closes every window, false when one refused (a `close` prevented). */
  closeAllWindows: Closer = () => true;
  // Electron's process lives until it quits, whatever else holds the event loop.
  private readonly keepAlive = setInterval(() => undefined, 1 << 30);

  constructor() {
    super();
    const name = appPackage.productName ?? appPackage.name;
    const appData =
      process.platform === 'darwin'
        ? join(homedir(), 'Library', 'Application Support')
        : process.platform === 'win32'
          ? (process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
          : (process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'));
    this.paths.set('home', homedir());
    this.paths.set('appData', appData);
    this.paths.set('userData', join(appData, name));
    this.paths.set('temp', tmpdir());
    this.paths.set('exe', process.execPath);
    this.readyPromise = new Promise((resolve) => {
      // Electron is ready after the main script's first run, never during it.
      setTimeout(() => {
        this.emit('will-finish-launching');
        this.ready = true;
        note('app.ready');
        this.emit('ready', preventableEvent(), {});
        resolve();
      }, 0);
    });
  }

  isReady(): boolean {
    return this.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  getName(): string {
    return appPackage.productName ?? appPackage.name;
  }

  getVersion(): string {
    return appPackage.version;
  }

  getAppPath(): string {
    return appPath;
  }

  getPath(name: Parameters<App['getPath']>[0]): string {
    const path = this.paths.get(name);
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  }

  setPath(name: string, path: string): void {
    if (this.ready && name === 'userData') note('app.setPath after ready', { name });
    this.paths.set(name, path);
  }

  setLoginItemSettings(settings: Settings): void {
    note('app.setLoginItemSettings', settings);
    // Linux: does nothing (shell/browser/browser_linux.cc; see ./linuxDesktop.ts).
    if (process.platform !== 'linux') this.loginItem = { ...this.loginItem, ...settings };
  }

  getLoginItemSettings(): Partial<LoginItemSettings> {
    if (process.platform === 'linux') return { ...LINUX_LOGIN_ITEM_SETTINGS };
    return { openAtLogin: this.loginItem.openAtLogin ?? false };
  }

  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    const folder = this.getPath('userData');
    const lockFile = join(folder, 'SingletonLock');
    const mailbox = join(folder, 'SingletonMessages');
    try {
      mkdirSync(mailbox, { recursive: true });
    } catch {
      // Electron answers false when the lock cannot be made at all, as for another instance.
      note('app.requestSingleInstanceLock', { granted: false, error: true });
      return false;
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        closeSync(openSync(lockFile, 'wx'));
        writeFileSync(lockFile, String(process.pid));
        this.lockFile = lockFile;
        this.listenForSecondInstances(mailbox);
        note('app.requestSingleInstanceLock', { granted: true });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (isAlive(holder)) {
        const message = join(mailbox, `${Date.now()}-${process.pid}.json`);
        // The first instance gets Chromium's command line of this process, not process.argv
        // (shell/browser/api/electron_api_app.cc, OnSecondInstance: cmd.argv()), and
        // additionalData as a structured clone (blink::CloneableMessage).
        writeFileSync(
          `${message}.tmp`,
          JSON.stringify({
            argv: chromiumArgv(process.argv),
            cwd: process.cwd(),
            additionalData:
              additionalData === undefined
                ? undefined
                : serialize(additionalData).toString('base64'),
          }),
        );
        renameSync(`${message}.tmp`, message);
        note('app.requestSingleInstanceLock', { granted: false });
        return false;
      }
      rmSync(lockFile, { force: true }); // The holder died without letting go.
    }
    return false;
  }

  hasSingleInstanceLock(): boolean {
    return this.lockFile !== undefined;
  }

  private listenForSecondInstances(mailbox: string): void {
    const deliver = () => {
      for (const file of readdirSync(mailbox)
        .filter((name) => name.endsWith('.json'))
        .sort()) {
        const path = join(mailbox, file);
        let message: { argv: string[]; cwd: string; additionalData?: string };
        try {
          message = JSON.parse(readFileSync(path, 'utf8'));
          unlinkSync(path);
        } catch {
          continue;
        }
        note('app.second-instance', { argv: message.argv });
        this.emit(
          'second-instance',
          preventableEvent(),
          message.argv,
          message.cwd,
          message.additionalData === undefined
            ? undefined
            : deserialize(Buffer.from(message.additionalData, 'base64')),
        );
      }
    };
    watch(mailbox, deliver).unref();
    setInterval(deliver, 250).unref();
  }

  quit(): void {
    note('app.quit');
    if (this.quitting) return;
    const before = preventableEvent();
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    this.quitting = true;
    if (!this.closeAllWindows()) {
      this.quitting = false;
      return;
    }
    const will = preventableEvent();
    this.emit('will-quit', will);
    if (will.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.emit('quit', preventableEvent(), 0);
    this.exit(0);
  }

  isQuitting(): boolean {
    return this.quitting;
  }

  exit(code = 0): void {
    note('app.exit', { code });
    clearInterval(this.keepAlive);
    if (this.lockFile) rmSync(this.lockFile, { force: true });
    process.exit(code);
  }

  focus(): void {
    note('app.focus');
  }
}

/**
 * The command line Chromium keeps for this process: switches first, then the other arguments
 * (base/command_line.cc; docs/api/command-line.md: "Switches will precede arguments regardless
 * of appending order"), with the switches Electron appends in the browser process
 * (shell/app/electron_main_delegate.cc: `--allow-file-access-from-files`). `--` ends switches.
 */
export function chromiumArgv(argv: readonly string[]): string[] {
  const [program = '', ...rest] = argv;
  const switches: string[] = [];
  const others: string[] = [];
  let parseSwitches = true;
  for (const argument of rest) {
    if (argument === '--') parseSwitches = false;
    if (parseSwitches && /^--?[^-]/.test(argument)) switches.push(argument);
    else if (argument !== '--') others.push(argument);
  }
  switches.push('--allow-file-access-from-files');
  return [program, ...switches, ...others];
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const app = new AppStandIn();

// SIGTERM (how a system shutting down asks), SIGINT (Ctrl+C) and SIGHUP (the terminal gone) are
// a quit, as app.quit() is: Electron's shutdown detector calls Browser::Quit for the first one
// (shell/browser/electron_browser_main_parts.cc PostCreateMainMessageLoop,
// InstallShutdownSignalHandlers), and puts the default handler back, so a second one kills
// (electron_browser_main_parts_posix.cc GracefulShutdownHandler: "We had one shot").
if (process.platform !== 'win32')
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    process.once(signal, () => {
      note('signal', { signal });
      app.quit();
    });

/** Checks the shape against Electron's own declarations. */
export const appShape: Pick<
  App,
  | 'isReady'
  | 'whenReady'
  | 'getName'
  | 'getVersion'
  | 'getAppPath'
  | 'getPath'
  | 'setPath'
  | 'setLoginItemSettings'
  | 'requestSingleInstanceLock'
  | 'hasSingleInstanceLock'
  | 'quit'
  | 'exit'
  | 'focus'
  | 'isPackaged'
> = app;
