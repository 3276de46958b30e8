/**
 * How a stdio server's process is started with respect to the OS sandbox: wrapped in it when its
 * policy is on; started as it is when the policy is off, when it runs Docker (which isolates its
 * containers itself), or when the sandbox cannot run here and the user agreed to run it without
 * (once or always). Otherwise it does not start, and says what is missing. Also keeps, per
 * server, what the sandbox blocked, for its log and the Servers view's badge.
 */
import { rm } from 'node:fs/promises';
import type { SandboxPolicy, StdioTransportConfig } from '../../../preload/schemas/servers';
import { whatIsMissing } from '../../../preload/sandboxWords';
import { checkAvailability, type SandboxAvailability } from './availability';
import {
  blockedFromViolation,
  blockedInText,
  describeBlocked,
  type BlockedAccess,
} from './blockedAccess';
import { isDockerCommand, resolvePolicy, type ResolvedPolicy } from './policy';
import { openServerFolders } from './serverFolders';
import { openStandIns } from './standIns';
import { filesItWrote, keepFiles, keptFolderOf } from './keptFiles';
import {
  launchGuard,
  MIN_FOLDERS_SCANNED,
  protectedWrites,
  SCAN_BUDGET_MS,
} from './protectedWrites';
import { wrapLaunch, type LaunchSpec } from './sandboxRuntime';

/** The most blocked accesses remembered per server (for the badge and its list). */
export const MAX_REMEMBERED_BLOCKS = 20;

export interface SandboxReport {
  state: 'on' | 'off' | 'unsandboxed' | 'unavailable' | 'docker';
  /** "blocked: read of ~/.ssh/id_rsa", newest last. */
  blocked: string[];
  /** When unavailable, or run unsandboxed for that reason: what is missing and how to get it. */
  missing?: string;
  advice?: string;
}

/**
 * The policy a sandboxed launch runs under: the stored one it was started with and what it
 * resolved to (what the sandbox applies). Calls the user lets run unasked are judged by it.
 */
export interface LaunchedPolicy {
  policy: SandboxPolicy;
  resolved: ResolvedPolicy;
}

export interface PreparedLaunch {
  launch: LaunchSpec;
  release(): void;
  /** Reads what the server printed (stderr, failed tool text) for the sandbox's refusals. */
  notice(text: string): string[];
  /** What the sandbox refused this launch so far ("blocked: …" lines): a failed start names it. */
  blocked(): string[];
}

export class SandboxUnavailableError extends Error {
  constructor(
    serverName: string,
    readonly availability: Extract<SandboxAvailability, { ok: false }>,
  ) {
    super(
      `“${serverName}” is meant to run in the sandbox, which cannot run here: ${whatIsMissing(availability.missing)}. ${availability.advice}. Or choose to run it without the sandbox, once or always.`,
    );
  }
}

/** What a server's delete did with its own folder. */
export interface ForgottenServer {
  /** The folder removed, if it had one. */
  removed?: string;
  /** Files it wrote for the user, and where they were kept. */
  kept: { from: string; to: string }[];
}

export interface ServerSandboxOptions {
  dataDir: string;
  /** Hearth's other folders (the approval key's), hidden like its data folder. */
  hearthFolders?: string[];
  home: string;
  platform: NodeJS.Platform;
  /** Tests: a stand-in for the namespace probe. */
  probeNamespaces?: (bwrapPath: string) => Promise<boolean>;
}

export interface PrepareInput {
  serverName: string;
  transport: StdioTransportConfig;
  roots: string[];
  launch: LaunchSpec;
  /** A line for the server's log. */
  log(text: string): void;
  /** Something the status shows changed (a block, the sandbox's state). */
  onChange?(): void;
}

export interface FoundRepositories {
  repositories: string[];
  /** False when the look ran out of time before it had seen every folder. */
  complete: boolean;
}

export interface ServerSandbox {
  prepare(input: PrepareInput): Promise<PreparedLaunch>;
  /** Lets the server's next start run without the sandbox when it cannot run here. */
  allowUnsandboxedOnce(serverName: string): void;
  report(serverName: string): SandboxReport | undefined;
  /** The policy its last start runs under, while the sandbox is on for it; else nothing. */
  launchedWith(serverName: string): LaunchedPolicy | undefined;
  /** The policy as it would apply now (the launch review shows it). */
  resolve(
    serverName: string,
    transport: StdioTransportConfig,
    roots: string[],
    env: Record<string, string | undefined>,
  ): ResolvedPolicy | undefined;
  availability(path: string): Promise<SandboxAvailability>;
  /**
   * The git repositories in the folders it would write whose hooks and config it could not
   * change, found as its start finds them (the launch review names them); nothing without a
   * sandbox.
   */
  protectedRepositories(
    serverName: string,
    transport: StdioTransportConfig,
    roots: string[],
    env: Record<string, string | undefined>,
  ): Promise<FoundRepositories | undefined>;
  /** Forgets a server's blocks (after the user allowed them, or it was deleted). */
  clearBlocked(serverName: string): void;
  /**
   * A deleted server's own folder (its caches) and its report go with it; the files it wrote
   * there itself are moved to `~/Hearth/kept/<server>/` first. Says what was removed and kept.
   */
  forgetServer(serverName: string): Promise<ForgottenServer>;
  /** A renamed server keeps its own folder; the new name inherits no other. */
  renameServer(from: string, to: string): void;
  /**
   * At start: folders named after a server's name (before folders had ids) go to the one server
   * each could be for. Returns the old folders left to nobody.
   */
  adoptFolders(serverNames: readonly string[]): string[];
}

export function createServerSandbox(options: ServerSandboxOptions): ServerSandbox {
  const reports = new Map<string, SandboxReport>();
  const launched = new Map<string, LaunchedPolicy>();
  const once = new Set<string>();
  const known = new Map<string, Promise<SandboxAvailability>>();
  const key = (name: string) => name.toLowerCase();
  const folders = openServerFolders(options.dataDir);
  const standIns = openStandIns(options.dataDir);

  const availability = (path: string) => {
    const cached = known.get(path);
    if (cached) return cached;
    const checked = checkAvailability({
      platform: options.platform,
      path,
      probeNamespaces: options.probeNamespaces,
    });
    known.set(path, checked);
    // A missing tool may be installed while Hearth runs: only a success is kept.
    void checked.then((result) => {
      if (!result.ok) known.delete(path);
    });
    return checked;
  };

  const setReport = (name: string, report: Omit<SandboxReport, 'blocked'>) => {
    const blocked = reports.get(key(name))?.blocked ?? [];
    reports.set(key(name), { ...report, blocked });
    if (report.state !== 'on') launched.delete(key(name));
  };

  const resolve: ServerSandbox['resolve'] = (serverName, transport, roots, env) =>
    transport.sandbox?.enabled && !isDockerCommand(transport.command)
      ? resolvePolicy(transport.sandbox, {
          ownFolder: folders.folderOf(serverName),
          command: transport.command,
          cwd: transport.cwd,
          env,
          roots,
          dataDir: options.dataDir,
          hearthFolders: options.hearthFolders ?? [],
          home: options.home,
        })
      : undefined;

  return {
    availability,
    resolve,
    allowUnsandboxedOnce: (name) => void once.add(key(name)),
    async protectedRepositories(serverName, transport, roots, env) {
      const resolved = resolve(serverName, transport, roots, env);
      if (!resolved) return undefined;
      const guarded = await protectedWrites(launchGuard(resolved, env.PATH ?? ''));
      return { repositories: guarded.repositories, complete: guarded.scanComplete };
    },
    report: (name) => reports.get(key(name)),
    launchedWith: (name) => launched.get(key(name)),
    async forgetServer(name) {
      reports.delete(key(name));
      launched.delete(key(name));
      const folder = folders.existing(name);
      if (!folder) return { kept: [] };
      const kept = await keepFiles(
        folder,
        await filesItWrote(folder),
        keptFolderOf(options.home, name),
      );
      folders.forget(name);
      await rm(folder, { recursive: true, force: true });
      return { removed: folder, kept };
    },
    renameServer(from, to) {
      folders.rename(from, to);
      const report = reports.get(key(from));
      reports.delete(key(from));
      if (report) reports.set(key(to), report);
    },
    adoptFolders: (names) => folders.adoptNamedFolders(names),
    clearBlocked(name) {
      const report = reports.get(key(name));
      if (report) reports.set(key(name), { ...report, blocked: [] });
    },
    async prepare(input) {
      const plain = {
        launch: input.launch,
        release: () => undefined,
        notice: () => [],
        blocked: () => [],
      };
      const policy: SandboxPolicy | undefined = input.transport.sandbox;
      if (!policy?.enabled) {
        setReport(input.serverName, { state: 'off' });
        return plain;
      }
      if (isDockerCommand(input.transport.command)) {
        input.log('Not sandboxed: Docker isolates its containers itself.');
        setReport(input.serverName, { state: 'docker' });
        return plain;
      }
      const available = await availability(input.launch.env.PATH ?? '');
      if (!available.ok) {
        const agreed = once.delete(key(input.serverName)) || policy.unsandboxedWhenUnavailable;
        const { missing, advice } = available;
        if (!agreed) {
          setReport(input.serverName, { state: 'unavailable', missing, advice });
          input.onChange?.();
          throw new SandboxUnavailableError(input.serverName, available);
        }
        input.log(`Running WITHOUT the sandbox, as you agreed: ${whatIsMissing(missing)}.`);
        setReport(input.serverName, { state: 'unsandboxed', missing, advice });
        input.onChange?.();
        return plain;
      }
      const resolved = resolve(
        input.serverName,
        { ...input.transport, cwd: input.launch.cwd ?? input.transport.cwd },
        input.roots,
        input.launch.env,
      );
      if (!resolved) return plain;
      const thisLaunch: string[] = [];
      const record = (blocked: BlockedAccess) => {
        const line = describeBlocked(blocked, options.home);
        if (!thisLaunch.includes(line)) thisLaunch.push(line);
        const report = reports.get(key(input.serverName));
        if (!report || report.blocked.includes(line)) return;
        input.log(line);
        report.blocked = [...report.blocked, line].slice(-MAX_REMEMBERED_BLOCKS);
        input.onChange?.();
      };
      const wrapped = await wrapLaunch(
        input.launch,
        resolved,
        available,
        (line) => {
          const blocked = blockedFromViolation(line);
          if (blocked) record(blocked);
        },
        standIns,
      );
      input.log(repositoriesLine(wrapped.repositories, wrapped.scanComplete, options.home));
      setReport(input.serverName, { state: 'on' });
      launched.set(key(input.serverName), { policy, resolved });
      input.onChange?.();
      return {
        launch: wrapped.launch,
        release: wrapped.release,
        blocked: () => [...thisLaunch],
        notice: (text) => {
          const found = blockedInText(text, resolved, wrapped.launch.cwd);
          found.forEach(record);
          return found.map((blocked) => describeBlocked(blocked, options.home));
        },
      };
    },
  };
}

/** The log's word on the repositories found in its folders, whose hooks and config it cannot change. */
export function repositoriesLine(repositories: string[], complete: boolean, home: string): string {
  const shown = repositories.map((path) =>
    path === home ? '~' : path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path,
  );
  const found =
    shown.length === 0
      ? 'No git repository found in the folders it may write.'
      : `Kept read-only, the hooks and config of ${shown.length === 1 ? 'the repository' : `${shown.length} repositories`} in its folders: ${shown.slice(0, 20).join(', ')}${shown.length > 20 ? `, and ${shown.length - 20} more` : ''}.`;
  return complete
    ? found
    : `${found} The look stopped after ${MIN_FOLDERS_SCANNED.toLocaleString('en')} folders and ${SCAN_BUDGET_MS} ms: repositories further down are not protected.`;
}
