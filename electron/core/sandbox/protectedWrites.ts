/**
 * What a sandboxed process may not write even inside the folders it may write: the files other
 * programs run or load later, outside the sandbox. sandbox-runtime protects such files itself only
 * below Hearth's own working directory (its "mandatory deny" scan reads `process.cwd()`, not the
 * launch's folders: src/sandbox/linux-sandbox-utils.ts, linuxGetMandatoryDenyPaths), so Hearth
 * finds them in every folder a launch may write and hands them over as `denyWrite` entries:
 *
 * - in each writable folder, at any depth (the first MIN_FOLDERS_SCANNED folders whatever the
 *   time, then within SCAN_BUDGET_MS): every git repository's hooks and config (and the
 *   `core.hooksPath`, `core.fsmonitor` and `include.path` targets its config names), a `.git` file,
 *   `.vscode/`, `.idea/`, direnv's `.envrc` and the shell start-up files;
 * - the home folder itself is never writable as a whole: a writable home stands for its existing
 *   folders and files without a leading dot, so nothing new appears at its top (a new
 *   `.bash_profile` would shadow `.profile`) and its configuration stays read-only;
 * - where a folder above the home folder is writable ("write anywhere"), the home folder's
 *   existing configuration (every top-level name with a leading dot), its shell start-up files
 *   (missing ones too), the user's autostart places and the folders on PATH stay read-only;
 * - in every writable folder, the folders on PATH, made or not yet made.
 *
 * A missing entry is covered by an empty read-only stand-in while the process runs (the
 * library's "Write denies on paths that do not exist yet"), so missing ones are named only where
 * a stand-in changes nothing for the user's own programs.
 */
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import type { ResolvedPolicy } from './policy';

/**
 * How long the look for repositories and editor folders below the writable folders may take, at
 * any depth (a GOPATH's `src/github.com/org/repo` is five down): breadth first, so what is near
 * is found first; the launch's log says which were found and whether the look was cut short.
 */
export const SCAN_BUDGET_MS = 400;
/** And at most this many folders, whatever the disk's speed. */
const MAX_FOLDERS_SCANNED = 20_000;
/**
 * The first this many folders are looked at whatever the time takes: a project or a home of a
 * usual size is seen whole on a machine however busy (a nested repository was missed on a
 * loaded one), and the time only cuts a look through a very large tree.
 */
export const MIN_FOLDERS_SCANNED = 2_000;

/** Files a shell or direnv runs from the folder they are in. */
const STARTUP_FILES = [
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.envrc',
];
/**
 * Files other tools load as configuration from a project folder (sandbox-runtime's list), and
 * those that run commands when the user only enters the folder: mise's (its `[hooks]` and
 * `[env]`, as direnv's `.envrc`).
 */
const CONFIG_FILES = [
  '.gitconfig',
  '.gitmodules',
  '.ripgreprc',
  '.mcp.json',
  'mise.toml',
  '.mise.toml',
  'mise.local.toml',
  '.mise.local.toml',
];
/**
 * What the git hook managers in common use run from a project, found wherever they exist: husky's
 * scripts folder, lefthook's, pre-commit's, simple-git-hooks', lint-staged's and overcommit's
 * configurations (their hooks in `.git/hooks` run what these say).
 */
export const HOOK_MANAGER_FILES = {
  husky: ['.husky'],
  lefthook: [
    'lefthook.yml',
    'lefthook.yaml',
    '.lefthook.yml',
    '.lefthook.yaml',
    'lefthook-local.yml',
    'lefthook-local.yaml',
    '.lefthook-local.yml',
    '.lefthook-local.yaml',
    '.lefthook',
    '.lefthook-local',
  ],
  'pre-commit': ['.pre-commit-config.yaml', '.pre-commit-config.yml'],
  'simple-git-hooks': [
    '.simple-git-hooks.json',
    '.simple-git-hooks.js',
    '.simple-git-hooks.cjs',
    '.simple-git-hooks.mjs',
    'simple-git-hooks.json',
    'simple-git-hooks.js',
    'simple-git-hooks.cjs',
    'simple-git-hooks.mjs',
  ],
  'lint-staged': [
    '.lintstagedrc',
    '.lintstagedrc.json',
    '.lintstagedrc.yaml',
    '.lintstagedrc.yml',
    '.lintstagedrc.js',
    '.lintstagedrc.cjs',
    '.lintstagedrc.mjs',
    'lint-staged.config.js',
    'lint-staged.config.cjs',
    'lint-staged.config.mjs',
  ],
  overcommit: ['.overcommit.yml', '.git-hooks'],
} as const;
/** How a hook script shows it calls the manager (pre-commit's hooks say where they come from). */
const MANAGER_MARKS: Record<keyof typeof HOOK_MANAGER_FILES, RegExp> = {
  husky: /husky/i,
  lefthook: /lefthook/i,
  'pre-commit': /pre-commit\.com|pre_commit/,
  'simple-git-hooks': /simple-git-hooks/,
  'lint-staged': /lint-staged/,
  overcommit: /overcommit/i,
};
const HOOK_MANAGER_NAMES = new Set<string>(Object.values(HOOK_MANAGER_FILES).flat());
/**
 * Folders whose files an editor, IDE or coding agent runs when the user next opens the project:
 * tasks, launch and run configurations, agent hooks and commands (sandbox-runtime protects
 * `.claude/commands` and `.claude/agents`; `.claude/settings.json` holds hooks too), and the MCP
 * servers other hosts start from a project (`.cursor/mcp.json`, `.gemini/settings.json`,
 * `.amazonq/mcp.json`, `.continue/mcpServers/`, Zed's `.zed/settings.json` and `tasks.json`).
 */
const EDITOR_FOLDERS = [
  '.vscode',
  '.idea',
  '.claude',
  '.cursor',
  '.gemini',
  '.amazonq',
  '.continue',
  '.zed',
];
/**
 * Places the desktop starts programs from at login, or puts on menus (relative to home). Kept
 * read-only even where missing: an empty stand-in there starts nothing.
 */
export const AUTOSTART_PLACES = [
  '.config/autostart',
  '.config/systemd/user',
  '.config/environment.d',
  '.local/share/applications',
  'Library/LaunchAgents',
];
/**
 * Start-up files that may be covered by an empty stand-in while they are missing. bash reads the
 * first of `.bash_profile`, `.bash_login` and `.profile` it finds, so a stand-in for either of the
 * first two would hide an existing `.profile`: those two are named only when it is missing.
 */
const STANDIN_SAFE_STARTUP = ['.bashrc', '.zshrc', '.zshenv', '.zprofile', '.zlogin', '.profile'];

/** A folder holding the home with more entries than this is taken whole (bubblewrap's limit). */
const MAX_ENTRIES_STOOD_FOR = 256;
const SYSTEM_FILE_SYSTEMS = new Set(['proc', 'sys', 'dev']);
/**
 * What shells, desktop sessions and git read from the home folder besides the start-up files,
 * kept read-only where missing when the home cannot be stood for by its entries (stand-ins: an
 * empty one reads as none).
 */
const RUN_LATER_MISSING = [
  '.bash_logout',
  '.zlogout',
  '.kshrc',
  '.mkshrc',
  '.cshrc',
  '.tcshrc',
  '.login',
  '.xsessionrc',
  '.xsession',
  '.xprofile',
  '.xinitrc',
  '.pam_environment',
  '.gitconfig',
  '.config/git/config',
  '.config/fish/config.fish',
];

export interface ProtectedWritesInput {
  /** The folders the launch may write, absolute (Hearth's own only, with `allWrites`). */
  writeFolders: string[];
  /** Folders Hearth made for the launch (its own folder, temp, caches): not scanned. */
  hearthFolders: string[];
  allWrites: boolean;
  home: string;
  /** The PATH the process and the user's terminal run with. */
  path: string;
}

export interface ProtectedWrites {
  /** The writable folders, with a writable home folder stood for by its non-dot entries. */
  allowWrite: string[];
  denyWrite: string[];
  /** The repositories whose hooks and config were found and kept read-only. */
  repositories: string[];
  /** False when the look ran out of time or folders before it had seen every folder. */
  scanComplete: boolean;
}

/**
 * What a launch under this policy protects, as its start computes it (`temp`: the temp folder of
 * its own it gets then) and as the launch review shows it before it starts.
 */
export function launchGuard(
  policy: ResolvedPolicy,
  path: string,
  temp?: string,
): ProtectedWritesInput {
  return {
    // "Write anywhere" is `/` as protectedWrites stands for it, and Hearth's own folders.
    writeFolders: policy.allowAllWrites ? policy.madeFolders : policy.allowWrite,
    hearthFolders: temp ? [...policy.madeFolders, temp] : policy.madeFolders,
    allWrites: policy.allowAllWrites,
    home: policy.home,
    path,
  };
}

export async function protectedWrites(input: ProtectedWritesInput): Promise<ProtectedWrites> {
  const home = resolve(input.home);
  const requested = unique(
    [...(input.allWrites ? ['/'] : []), ...input.writeFolders].map((entry) => resolve(entry)),
  );
  const allowWrite: string[] = [];
  for (const folder of requested) allowWrite.push(...(await standFor(folder, home)));
  const deny = new Set<string>();
  const writable = (path: string) => allowWrite.some((folder) => isInsideOrSame(path, folder));
  // Only where a folder on the way to the home was too full to stand for entry by entry.
  const aboveHome = allowWrite.some((folder) => isStrictlyInside(home, folder));
  // Hearth's own folders and the user's write folders inside the configuration stay writable:
  // what holds one is denied around it, entry by entry.
  const keep = [...input.hearthFolders, ...input.writeFolders].map((folder) => resolve(folder));
  if (aboveHome) for (const path of await homeConfiguration(home, keep)) deny.add(path);
  for (const place of AUTOSTART_PLACES) {
    const path = join(home, place);
    if (writable(path)) deny.add(path);
  }
  // Missing ones too (a `~/go/bin` that `go install` has not made yet): the stand-in for one is an
  // empty file where the folder would be, which a PATH lookup passes over.
  for (const folder of input.path.split(delimiter).filter((entry) => isAbsolute(entry))) {
    if (writable(folder) && !(await isFile(folder))) deny.add(folder);
  }
  const hearth = input.hearthFolders.map((folder) => resolve(folder));
  // The folders asked for and the home's own: not the system's, which "write anywhere" stands for.
  const scanned = allowWrite.filter(
    (folder) =>
      (requested.includes(folder) || isInsideOrSame(folder, home)) &&
      !hearth.some((own) => isInsideOrSame(folder, own)),
  );
  for (const path of await globalGitTargets(home)) if (writable(path)) deny.add(path);
  if (aboveHome) scanned.push(home);
  const look = await dangerousBelow(unique(scanned), home);
  for (const path of look.found) if (writable(path)) deny.add(path);
  return {
    allowWrite: unique(allowWrite),
    denyWrite: [...deny],
    repositories: look.repositories,
    scanComplete: look.complete,
  };
}

/**
 * What a writable folder stands for. The home folder: its entries without a leading dot, so
 * nothing new appears at its top (a new `.bash_profile` would hide `.profile`, a new `.xprofile`
 * runs at the next login) and its configuration, missing entries too, stays read-only without
 * a stand-in. A folder that holds the home (`/` for "write anywhere"): its entries, the one on the
 * way to the home stood for in turn; the system's own file systems (/proc, /sys, /dev) are not
 * files to write. A folder too full to stand for entry by entry is taken whole, and the home's
 * configuration is then denied by name (homeConfiguration).
 */
async function standFor(folder: string, home: string): Promise<string[]> {
  if (folder === home) return homeEntries(home);
  if (!isStrictlyInside(home, folder)) return [folder];
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => undefined);
  if (!entries || entries.length > MAX_ENTRIES_STOOD_FOR) return [folder];
  const stood: string[] = [];
  for (const entry of entries) {
    if (entry.isSymbolicLink() || (folder === '/' && SYSTEM_FILE_SYSTEMS.has(entry.name))) continue;
    const path = join(folder, entry.name);
    stood.push(...(isInsideOrSame(home, path) ? await standFor(path, home) : [path]));
  }
  return stood;
}

/** The home folder's entries without a leading dot: what a writable home folder stands for. */
async function homeEntries(home: string): Promise<string[]> {
  const entries = await readdir(home, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => !entry.name.startsWith('.') && !entry.isSymbolicLink())
    .map((entry) => join(home, entry.name));
}

/**
 * The home folder's configuration: every top-level dot entry, and the missing start-up files. An
 * entry that holds a folder in `keep` is not denied whole: its other entries are, down to it.
 */
async function homeConfiguration(home: string, keep: string[]): Promise<string[]> {
  const entries = await readdir(home).catch((): string[] => []);
  const present = new Set(entries);
  const missingSafe = [...STANDIN_SAFE_STARTUP, ...RUN_LATER_MISSING].filter(
    (name) => !existsSync(join(home, name)),
  );
  const bashLogin = present.has('.profile') ? [] : ['.bash_profile', '.bash_login'];
  const denied: string[] = [];
  for (const name of entries.filter((entry) => entry.startsWith('.'))) {
    denied.push(...(await allBut(join(home, name), keep)));
  }
  return [
    ...denied,
    ...[...missingSafe, ...bashLogin.filter((name) => !present.has(name))].map((name) =>
      join(home, name),
    ),
  ];
}

/** `path` itself, or, where it holds a folder in `keep`, each of its entries but that way down. */
async function allBut(path: string, keep: string[]): Promise<string[]> {
  if (keep.some((folder) => isInsideOrSame(path, folder))) return [];
  if (!keep.some((folder) => isStrictlyInside(folder, path))) return [path];
  const entries = await readdir(path).catch((): string[] => []);
  const denied: string[] = [];
  for (const name of entries) denied.push(...(await allBut(join(path, name), keep)));
  return denied;
}

/**
 * The dangerous entries in and below the folders, breadth first at any depth until the time or
 * folder budget runs out, skipping node_modules, folders with a leading dot (caches, virtual
 * environments; a repository's own `.git` is read where it is found) and links. A repository
 * without a hooks folder gets a stand-in there, so none can be added.
 */
async function dangerousBelow(
  tops: string[],
  home: string,
): Promise<{ found: string[]; repositories: string[]; complete: boolean }> {
  const found: string[] = [];
  const repositories: string[] = [];
  const deadline = performance.now() + SCAN_BUDGET_MS;
  let queue: string[] = [...tops];
  let scanned = 0;
  while (queue.length > 0) {
    const next: string[] = [];
    for (const folder of queue) {
      if (
        ++scanned > MAX_FOLDERS_SCANNED ||
        (scanned > MIN_FOLDERS_SCANNED && performance.now() > deadline)
      )
        return { found, repositories, complete: false };
      const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.name === '.git') {
          repositories.push(folder);
          found.push(...(await repositoryFiles(path, folder, entry.isDirectory(), home)));
        } else if (EDITOR_FOLDERS.includes(entry.name)) {
          found.push(path);
        } else if (
          STARTUP_FILES.includes(entry.name) ||
          CONFIG_FILES.includes(entry.name) ||
          HOOK_MANAGER_NAMES.has(entry.name)
        ) {
          found.push(path);
        } else if (
          entry.isDirectory() &&
          entry.name !== 'node_modules' &&
          !entry.name.startsWith('.')
        ) {
          next.push(path);
        }
      }
    }
    queue = next;
  }
  return { found, repositories, complete: true };
}

/**
 * A repository's hooks and config, what its config points git at, and what its hooks run: a
 * hooks folder named `_` (husky 9 sets `core.hooksPath=.husky/_`, whose scripts run
 * `.husky/<hook>`) stands for the folder above it; a hook that calls a hook manager makes that
 * manager's configuration protected even where it does not exist yet (lefthook reads a
 * `lefthook.yml` made later). A `.git` file itself.
 */
async function repositoryFiles(
  dotGit: string,
  worktree: string,
  isFolder: boolean,
  home: string,
): Promise<string[]> {
  if (!isFolder) return [dotGit];
  const config = join(dotGit, 'config');
  const text = await readFile(config, 'utf8').catch(() => '');
  const hooksPaths = gitConfigTargets(text, { worktree, gitDir: dotGit, home });
  const ran = hooksPaths.flatMap((path) => (basename(path) === '_' ? [dirname(path)] : []));
  const hookFolders = [join(dotGit, 'hooks'), ...hooksPaths, ...ran];
  const managers = await managersCalled(hookFolders);
  return [
    join(dotGit, 'hooks'),
    config,
    ...hooksPaths,
    ...ran,
    ...managers.flatMap((manager) =>
      HOOK_MANAGER_FILES[manager].map((name) => join(worktree, name)),
    ),
  ];
}

/** The hook managers the scripts in these folders call (read up to a few KB of each). */
async function managersCalled(folders: string[]): Promise<(keyof typeof HOOK_MANAGER_FILES)[]> {
  const texts: string[] = [];
  for (const folder of folders) {
    const names = await readdir(folder).catch((): string[] => []);
    for (const name of names.filter((entry) => !entry.endsWith('.sample')).slice(0, 64)) {
      const text = await readFile(join(folder, name), 'utf8').catch(() => '');
      texts.push(text.slice(0, 8_192));
    }
  }
  const all = texts.join('\n');
  return (Object.keys(HOOK_MANAGER_FILES) as (keyof typeof HOOK_MANAGER_FILES)[]).filter(
    (manager) => MANAGER_MARKS[manager].test(all),
  );
}

/**
 * The keys whose value is a command git runs (git-config(1)); a word of one that is a path names
 * a program that runs outside the sandbox at the user's next checkout, diff, merge, commit or
 * push. A bare name is looked up on PATH, which is protected already.
 */
const COMMAND_KEYS = new Set([
  'core.editor',
  'core.pager',
  'core.sshcommand',
  'core.askpass',
  'sequence.editor',
  'diff.external',
  'diff.textconv',
  'diff.command',
  'merge.driver',
  'filter.clean',
  'filter.smudge',
  'filter.process',
  'credential.helper',
  'gpg.program',
]);

/**
 * The paths a git config makes git run or read: `core.hooksPath` (relative to the worktree, where
 * hooks run), `core.fsmonitor` when it names a program, `include.path` / `includeIf.*.path`
 * files (relative to the config's folder), and every path-like word of a command git runs
 * (COMMAND_KEYS; relative to the worktree, where git runs them). Git's syntax:
 * `[section "sub"]`, `key = value`, names case-insensitive, values optionally quoted.
 */
export function gitConfigTargets(
  text: string,
  where: { worktree: string; gitDir: string; home?: string },
): string[] {
  // A relative path with no folder to be relative to (the user's global config) is each
  // repository's own, and is found with the repository.
  const expand = (value: string, base: string): string[] =>
    value.startsWith('~/') && where.home
      ? [join(where.home, value.slice(2))]
      : isAbsolute(value)
        ? [value]
        : base
          ? [resolve(base, value)]
          : [];
  const targets: string[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)[#;].*$/, '').trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (header?.[1]) {
      section = header[1].toLowerCase();
      continue;
    }
    const pair = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (!pair?.[1] || pair[2] === undefined) continue;
    const key = `${section}.${pair[1].toLowerCase()}`;
    const value = pair[2].replace(/^"(.*)"$/, '$1').trim();
    if (!value) continue;
    // An alias is a shell command only when it starts with `!`.
    if (COMMAND_KEYS.has(key) || (section === 'alias' && value.startsWith('!')))
      targets.push(...commandPaths(value).flatMap((path) => expand(path, where.worktree)));
    else if (key === 'core.hookspath') targets.push(...expand(value, where.worktree));
    else if (key === 'core.fsmonitor' && !/^(true|false|yes|no|on|off|0|1)$/i.test(value))
      targets.push(...expand(value, where.worktree));
    else if (key === 'include.path' || key === 'includeif.path')
      targets.push(...expand(value, where.gitDir));
  }
  return targets;
}

/** The words of a command that are paths (`!sh ./tools/clean.sh` → `./tools/clean.sh`). */
function commandPaths(command: string): string[] {
  return command
    .replace(/^!/, '')
    .split(/\s+/)
    .map((word) => word.replace(/^['"]|['"]$/g, ''))
    .filter((word) => word.includes('/') && !word.startsWith('-') && !/^[a-z]+:\/\//i.test(word));
}

/** What the user's own git config (~/.gitconfig, ~/.config/git/config) makes every repo run. */
async function globalGitTargets(home: string): Promise<string[]> {
  const targets: string[] = [];
  for (const file of [join(home, '.gitconfig'), join(home, '.config', 'git', 'config')]) {
    const text = await readFile(file, 'utf8').catch(() => '');
    targets.push(...gitConfigTargets(text, { worktree: '', gitDir: '', home }));
  }
  return targets;
}

/** A file that is not a folder (a PATH entry naming one is not a place programs are found). */
async function isFile(path: string): Promise<boolean> {
  return lstat(path).then(
    (stats) => !stats.isDirectory() && !stats.isSymbolicLink(),
    () => false,
  );
}

function isInsideOrSame(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder === '/' ? '/' : `${folder}/`);
}

function isStrictlyInside(path: string, folder: string): boolean {
  return path !== folder && isInsideOrSame(path, folder);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
