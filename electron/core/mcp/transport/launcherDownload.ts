/**
 * Whether a server started through `npx` or `uvx` is still being downloaded, and what is known of
 * that download: the start limit counts from its end, and the server's page says what is
 * happening. Read from what each launcher leaves behind, never from a guess about time:
 *
 * - npx: npm streams every fetched file (package documents and tarballs) into its cache's
 *   `_cacache/tmp` folder as the bytes arrive, then moves it into place (cacache's
 *   `lib/content/write.js`, `makeTmp`). New or growing files there are the download moving.
 *   Once the packages are in place, npm writes `_npx: { packages }` into the package.json of its
 *   npx folder and then runs the package's program (libnpmexec `lib/index.js`): that write is the
 *   end of the download. Before the first byte, npm loads and resolves: its debug log of the
 *   launch (`_logs/<time>-debug-0.log` in the cache, npm's `lib/utils/log-file.js`) grows as it
 *   works, which on a busy machine can be many seconds of no download at all.
 * - uvx: uv prints one line per step on stderr even when stderr is not a terminal ("Resolved 12
 *   packages", "Downloading pydantic-core (1.9MiB)", "Downloaded pydantic-core", "Prepared …",
 *   "Installed 12 packages in 20ms"; uv's `crates/uv/src/commands/reporters.rs`, non-interactive
 *   messages since astral-sh/uv#11165). "Installed" is the end of the download.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export type LauncherName = 'npx' | 'uvx';

/** What a page can show of a download still going on. */
export interface DownloadState {
  launcher: LauncherName;
  /** The package as the command names it (`name@version`). */
  package: string;
  /** Bytes received so far, when the launcher lets that be known. */
  bytes?: number;
  /** The launcher's last step in its own words ("Resolved 12 packages"), when it says one. */
  step?: string;
}

/** The longest package name or step the page is sent. */
const MAX_SHOWN_CHARS = 1_000;

/** How often npm's cache folder is looked at while a download may be going on. */
export const DOWNLOAD_POLL_MS = 250;

export interface LauncherLaunch {
  /** The command as the user gave it (`npx`, `/usr/bin/uvx`, `npx.cmd`). */
  command: string;
  args: string[];
}

/** The launcher and the package a command starts, or nothing when it is not a launcher. */
export function launcherOf(
  launch: LauncherLaunch,
): { launcher: LauncherName; package: string } | undefined {
  const name = basename(launch.command)
    .replace(/\.(cmd|exe)$/i, '')
    .toLowerCase();
  if (name === 'npx') {
    const spec = optionValue(launch.args, ['-p', '--package']) ?? firstPositional(launch.args, []);
    return spec ? { launcher: 'npx', package: spec } : undefined;
  }
  if (name === 'uvx' || name === 'uv') {
    const args =
      name === 'uv'
        ? launch.args[0] === 'tool' && launch.args[1] === 'run'
          ? launch.args.slice(2)
          : undefined
        : launch.args;
    if (!args) return undefined;
    const spec = optionValue(args, ['--from']) ?? firstPositional(args, UV_VALUE_OPTIONS);
    return spec ? { launcher: 'uvx', package: spec } : undefined;
  }
  return undefined;
}

/** uv's options that take the next argument as their value (`uv tool run --help`). */
const UV_VALUE_OPTIONS = [
  '--with',
  '--with-editable',
  '--with-requirements',
  '--python',
  '-p',
  '--index',
  '--index-url',
  '-i',
  '--extra-index-url',
  '--default-index',
  '--find-links',
  '-f',
  '--constraints',
  '-c',
  '--overrides',
  '--env-file',
  '--cache-dir',
  '--directory',
  '--project',
  '--config-file',
];

function optionValue(args: string[], names: string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (names.includes(arg)) return args[index + 1];
    const name = names.find((option) => arg.startsWith(`${option}=`));
    if (name) return arg.slice(name.length + 1);
  }
  return undefined;
}

function firstPositional(args: string[], valueOptions: string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--') return args[index + 1];
    if (!arg.startsWith('-')) return arg;
    if (valueOptions.includes(arg)) index++;
  }
  return undefined;
}

/** npm's cache folder for a launch: `--cache`, `npm_config_cache`, else npm's default. */
export function npmCacheOf(
  args: string[],
  env: Record<string, string | undefined>,
  home: string,
  platform: NodeJS.Platform,
): string {
  const fromEnv = Object.entries(env).find(([name]) => name.toLowerCase() === 'npm_config_cache');
  return (
    optionValue(args, ['--cache']) ||
    fromEnv?.[1] ||
    (platform === 'win32' && env.LOCALAPPDATA
      ? join(env.LOCALAPPDATA, 'npm-cache')
      : join(home, '.npm'))
  );
}

export interface LauncherDownloadOptions {
  launcher: LauncherName;
  package: string;
  /** npm's cache folder (npx only). */
  npmCache?: string;
  /** Something the page shows changed. */
  onChange(): void;
  now?: () => number;
  pollMs?: number;
}

/**
 * Follows one launch's download from the moment its process started. `lastActivity` moves while
 * the download makes progress; `finished` once the launcher has handed over to the server.
 */
export class LauncherDownload {
  private startedAt = 0;
  private seen = false;
  private done = false;
  private activity?: number;
  private step?: string;
  private uvBytes = 0;
  private readonly pendingUv = new Map<string, number>();
  private readonly tmpSizes = new Map<string, number>();
  /** Files left in npm's temp folder before this launch (another npm's, or a crash's). */
  private readonly tmpBefore = new Map<string, number>();
  /** npm's logs before this launch, and the logs since that are another launch's. */
  private readonly logsNotOurs = new Set<string>();
  private ownLog?: { name: string; size: number };
  private worked?: number;
  private timer?: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(private readonly options: LauncherDownloadOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The process started: npm's cache is watched from now on. */
  begin(): void {
    this.startedAt = this.now();
    if (this.options.launcher !== 'npx' || !this.options.npmCache) return;
    const tmp = join(this.options.npmCache, '_cacache', 'tmp');
    for (const name of listFolder(tmp)) this.tmpBefore.set(name, sizeOf(join(tmp, name)) ?? 0);
    for (const name of listFolder(join(this.options.npmCache, '_logs'))) this.logsNotOurs.add(name);
    const poll = () => {
      this.pollNpmCache();
      if (!this.done) this.timer = setTimeout(poll, this.options.pollMs ?? DOWNLOAD_POLL_MS);
    };
    poll();
  }

  /** Text the launcher printed on stderr (uv says its steps there). */
  stderr(text: string): void {
    if (this.options.launcher !== 'uvx' || this.done) return;
    for (const raw of text.split(/\r?\n/)) this.uvLine(stripAnsi(raw).trim());
  }

  /**
   * The server answered. npm writes its note before it runs the program, so one last look
   * records the download's end even when the install and the answer both fell between two polls.
   */
  answered(): void {
    if (!this.done && this.options.launcher === 'npx' && this.options.npmCache) this.pollNpmCache();
    this.stop();
  }

  /** Stops watching: the process ended. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** When the download last moved (or ended), if a download has been seen at all. */
  get lastActivity(): number | undefined {
    return this.activity;
  }

  /**
   * When the launcher last showed it was working: its download moved or ended, or npm wrote to
   * its log while loading and resolving. The start limit counts from here.
   */
  get lastSignOfWork(): number | undefined {
    if (this.activity === undefined) return this.worked;
    return Math.max(this.activity, this.worked ?? 0);
  }

  /** The package as the command names it. */
  get packageName(): string {
    return this.options.package;
  }

  get finished(): boolean {
    return this.done;
  }

  /** What the page shows while the download goes on; nothing before one is seen or after it. */
  state(): DownloadState | undefined {
    if (!this.seen || this.done) return undefined;
    const bytes =
      this.options.launcher === 'npx'
        ? [...this.tmpSizes.values()].reduce((sum, size) => sum + size, 0)
        : this.uvBytes;
    return {
      launcher: this.options.launcher,
      package: this.options.package.slice(0, MAX_SHOWN_CHARS),
      ...(bytes > 0 ? { bytes } : {}),
      ...(this.step ? { step: this.step.slice(0, MAX_SHOWN_CHARS) } : {}),
    };
  }

  private moved(): void {
    this.seen = true;
    this.activity = this.now();
    this.options.onChange();
  }

  private finish(): void {
    this.done = true;
    this.activity = this.now();
    this.stop();
    this.options.onChange();
  }

  private pollNpmCache(): void {
    const cache = this.options.npmCache ?? '';
    const tmp = join(cache, '_cacache', 'tmp');
    let grew = false;
    for (const name of listFolder(tmp)) {
      const size = sizeOf(join(tmp, name));
      if (size === undefined || size === this.tmpBefore.get(name)) continue;
      const before = this.tmpSizes.get(name);
      // A file npm moved into place keeps the size last seen: the bytes arrived all the same.
      if (before === undefined || size > before) {
        this.tmpSizes.set(name, size);
        grew = true;
      }
    }
    if (grew) this.moved();
    if (this.seen && this.npxInstalled(join(cache, '_npx'))) this.finish();
    if (!this.done) this.followNpmLog(join(cache, '_logs'));
  }

  /** npm's log of this launch grew: npm is still at work, download or not. */
  private followNpmLog(folder: string): void {
    if (!this.ownLog) {
      for (const name of listFolder(folder)) {
        if (this.logsNotOurs.has(name)) continue;
        // The log names what it runs early on: `verbose title npm exec pkg@1.0.0 …`, then
        // `verbose argv "exec" "--yes" "--" "pkg@1.0.0"` (`"--package" "pkg@1.0.0"` for -p).
        const head = readHead(join(folder, name), 4_096);
        const argv = /^\d+ verbose argv (.*)$/m.exec(head)?.[1];
        if (argv === undefined) continue;
        const title = /^\d+ verbose title (.*)$/m.exec(head)?.[1] ?? '';
        const spec = this.options.package;
        const ours = title.split(' ').includes(spec) || argv.includes(JSON.stringify(spec));
        if (ours) this.ownLog = { name, size: 0 };
        else this.logsNotOurs.add(name);
      }
      if (!this.ownLog) return;
    }
    const size = sizeOf(join(folder, this.ownLog.name)) ?? 0;
    if (size > this.ownLog.size) {
      this.ownLog.size = size;
      this.worked = this.now();
    }
  }

  /** npm wrote `_npx.packages` naming this package since the launch started: it is in place. */
  private npxInstalled(folder: string): boolean {
    for (const name of listFolder(folder)) {
      const file = join(folder, name, 'package.json');
      try {
        if (statSync(file).mtimeMs < this.startedAt - 1_000) continue;
        const written = JSON.parse(readFileSync(file, 'utf8')) as { _npx?: { packages?: unknown } };
        const packages = written._npx?.packages;
        if (Array.isArray(packages) && packages.includes(this.options.package)) return true;
      } catch {
        // Not there yet, or being written: looked at again at the next poll.
      }
    }
    return false;
  }

  private uvLine(line: string): void {
    if (line === '') return;
    const downloading = /^Downloading (\S+) \(([\d.]+)\s*(B|KiB|MiB|GiB)\)/.exec(line);
    if (downloading) {
      this.pendingUv.set(downloading[1] ?? '', toBytes(downloading[2], downloading[3]));
      this.step = line;
      this.moved();
      return;
    }
    const downloaded = /^Downloaded (\S+)/.exec(line);
    if (downloaded) {
      this.uvBytes += this.pendingUv.get(downloaded[1] ?? '') ?? 0;
      this.pendingUv.delete(downloaded[1] ?? '');
      this.step = line;
      this.moved();
      return;
    }
    if (/^Installed \d+ packages? in /.test(line)) {
      if (this.seen) this.finish();
      else this.done = true;
      return;
    }
    if (/^(Resolved \d+ packages?|Prepared \d+ packages?|Building |Built )/.test(line)) {
      this.step = line.replace(/ in [\d.]+m?s$/, '');
      this.moved();
    }
  }
}

const UNITS: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

function toBytes(value: string | undefined, unit: string | undefined): number {
  return Math.round(Number(value ?? 0) * (UNITS[unit ?? 'B'] ?? 1));
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function listFolder(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

function readHead(file: string, bytes: number): string {
  let handle: number | undefined;
  try {
    handle = openSync(file, 'r');
    const buffer = Buffer.alloc(bytes);
    return buffer.toString('utf8', 0, readSync(handle, buffer, 0, bytes, 0));
  } catch {
    return '';
  } finally {
    if (handle !== undefined) closeSync(handle);
  }
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}
