/**
 * A server's sandbox policy as stored (preload/schemas/servers.ts) and as it applies on this
 * machine: the secret places every sandboxed server is kept from reading, the folders it may
 * write, the hosts it may reach, and what its launcher (npx, uvx) needs besides.
 */
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { SandboxPolicy } from '../../../preload/schemas/servers';

/**
 * Places under the home folder that hold keys, tokens and sessions. Always hidden from a
 * sandboxed server; the user's own `denyRead` entries come on top.
 */
export const SECRET_PLACES = [
  '.ssh',
  '.gnupg',
  '.aws',
  '.azure',
  '.config/gcloud',
  '.kube',
  '.docker/config.json',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.git-credentials',
  '.config/gh',
  '.password-store',
  // Browser profiles (cookies, saved passwords).
  '.mozilla',
  '.config/google-chrome',
  '.config/chromium',
  '.config/BraveSoftware',
  '.config/microsoft-edge',
  'snap/firefox',
  'Library/Application Support/Google/Chrome',
  'Library/Application Support/Firefox',
  'Library/Safari',
  'Library/Cookies',
  // Keychains.
  '.local/share/keyrings',
  'Library/Keychains',
] as const;

/** npm's public registry: what `npx` needs to fetch a package on first start. */
export const NPM_HOSTS = ['registry.npmjs.org'];
/** PyPI: what `uvx` needs to fetch a package on first start. */
export const PYPI_HOSTS = ['pypi.org', 'files.pythonhosted.org'];

/** The policy a registry or bundle install starts with: on, nothing beyond the defaults. */
export function defaultSandboxPolicy(hosts: string[] = []): SandboxPolicy {
  return {
    enabled: true,
    denyRead: [],
    allowWrite: [],
    allowRead: [],
    allowHosts: [...new Set(hosts.map((host) => host.toLowerCase()))],
    allowAllWrites: false,
    unsandboxedWhenUnavailable: false,
  };
}

/** The host (with its port when not the scheme's default) of an http(s) address, if any. */
export function hostOfUrl(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (!/^https?:$/.test(parsed.protocol)) return undefined;
  return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
}

/** Docker isolates its containers itself, and the sandbox would cut it off from its daemon. */
export function isDockerCommand(command: string): boolean {
  return /^(docker|podman)(\.exe)?$/i.test(basename(command));
}

export interface LauncherNeeds {
  /** Launchers' names as the user would know them, for the review. */
  launcher?: 'npx' | 'uvx';
  /** The launcher's cache folders, all inside the server's own folder. */
  writeFolders: string[];
  /** The variables that point the launcher at them. */
  env: Record<string, string>;
  hosts: string[];
}

/**
 * What a launcher needs so a first start can still download its package: npx a cache of npm's
 * and npm's registry; uvx uv's cache and tool folder, and PyPI. A sandboxed launch never shares
 * the user's caches (~/.npm, ~/.cache/uv): the user's own `npx` and every other server run code
 * from them, so a server that wrote there would run outside its sandbox later. Each server gets
 * caches of its own, in its own folder, at the cost of a download of its own on first start.
 */
export function launcherNeeds(command: string, ownFolder: string): LauncherNeeds {
  const name = basename(command).replace(/\.(cmd|exe)$/i, '');
  const caches = join(ownFolder, 'cache');
  if (name === 'npx' || name === 'npm' || name === 'pnpm' || name === 'bunx') {
    const npm = join(caches, 'npm');
    // pnpm keeps packages in a store of its own; npm warns about the variable, so only for pnpm.
    const store: Record<string, string> =
      name === 'pnpm' ? { npm_config_store_dir: join(caches, 'pnpm') } : {};
    return {
      launcher: 'npx',
      writeFolders: [npm, ...(name === 'pnpm' ? [join(caches, 'pnpm')] : [])],
      env: { npm_config_cache: npm, ...store },
      hosts: NPM_HOSTS,
    };
  }
  if (name === 'uvx' || name === 'uv') {
    const uv = join(caches, 'uv');
    const tools = join(caches, 'uv-tools');
    return {
      launcher: 'uvx',
      writeFolders: [uv, tools],
      env: { UV_CACHE_DIR: uv, UV_TOOL_DIR: tools },
      hosts: PYPI_HOSTS,
    };
  }
  return { writeFolders: [], env: {}, hosts: [] };
}

export interface PolicyContext {
  /** The folder of its own (serverFolders.ts): never shared with another server or the shell. */
  ownFolder: string;
  /** The command as configured, and the file it was found at. */
  command: string;
  resolvedFile?: string;
  cwd?: string;
  env: Record<string, string | undefined>;
  /** The server's roots (absolute folders the user gave it). */
  roots: string[];
  dataDir: string;
  /** Every folder of Hearth's own beside the data folder (the approval key's): hidden too. */
  hearthFolders?: string[];
  home: string;
}

/** A policy with every path absolute and every implied entry added: what the sandbox applies. */
export interface ResolvedPolicy {
  ownFolder: string;
  denyRead: string[];
  /** Re-allowed inside a denied place: its own folder, and its code when Hearth installed it. */
  allowRead: string[];
  /** Empty with `allowAllWrites`. */
  allowWrite: string[];
  allowAllWrites: boolean;
  /** Every host it may reach: its launcher's and its own. */
  hosts: string[];
  /** The hosts given to the server itself (the user's, its registry entry's or bundle's). */
  ownHosts: string[];
  launcher?: 'npx' | 'uvx';
  /** Variables the launch gets on top of its own (the launcher's caches). */
  env: Record<string, string>;
  home: string;
  /** Folders Hearth made for the launch (its own folder and caches). */
  madeFolders: string[];
}

export function resolvePolicy(policy: SandboxPolicy, context: PolicyContext): ResolvedPolicy {
  const absolute = (path: string) =>
    path === '~' || path.startsWith('~/')
      ? join(context.home, path.slice(1))
      : isAbsolute(path)
        ? path
        : resolve(context.cwd ?? context.home, path);
  const { ownFolder } = context;
  const needs = launcherNeeds(context.command, ownFolder);
  const inData = (path: string | undefined) =>
    path !== undefined && isInside(path, context.dataDir) ? [path] : [];
  return {
    ownFolder,
    denyRead: unique([
      ...SECRET_PLACES.map((place) => join(context.home, place)),
      context.dataDir,
      ...(context.hearthFolders ?? []),
      ...policy.denyRead.map(absolute),
    ]),
    allowRead: unique([
      ownFolder,
      // A bundle lives in Hearth's data folder: its code must stay readable to itself.
      ...inData(context.cwd),
      ...inData(context.resolvedFile && dirname(context.resolvedFile)),
      ...policy.allowRead.map(absolute),
    ]),
    allowWrite: policy.allowAllWrites
      ? []
      : unique([
          ownFolder,
          ...context.roots,
          ...needs.writeFolders,
          ...policy.allowWrite.map(absolute),
        ]),
    allowAllWrites: policy.allowAllWrites,
    hosts: unique([...needs.hosts, ...policy.allowHosts]),
    ownHosts: unique(policy.allowHosts),
    ...(needs.launcher ? { launcher: needs.launcher } : {}),
    env: needs.env,
    home: context.home,
    madeFolders: [ownFolder, ...needs.writeFolders],
  };
}

export function isInside(path: string, folder: string): boolean {
  const between = relative(folder, path);
  return between === '' || (!between.startsWith('..') && !isAbsolute(between));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Whether a resolved policy keeps its process to itself: no host to reach and no folder to write
 * but its own (and its launcher's caches inside it). What a call of such a server can change is
 * bounded by the OS sandbox, whatever the server claims about its tools.
 */
export function confinedToOwnFolder(policy: ResolvedPolicy): boolean {
  return (
    !policy.allowAllWrites &&
    policy.hosts.length === 0 &&
    policy.allowWrite.every((folder) => isInside(folder, policy.ownFolder))
  );
}
