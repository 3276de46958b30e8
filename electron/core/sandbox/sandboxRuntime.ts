/**
 * The one place Hearth talks to `@anthropic-ai/sandbox-runtime`. Its SandboxManager is a single
 * per-process session (proxies started once by `initialize`); each launch is wrapped with its own
 * filesystem rules (`customConfig.filesystem`, applied per wrap on Linux and macOS) and its own
 * host allow list (`registerCommandNetworkLists` under an unguessable command id, which the
 * proxy reads from the proxy username). The session-wide lists stay empty, so a host one server
 * may reach is reachable by that server only. See the package's README ("As a library",
 * "Per-command network allow lists") and src/sandbox/sandbox-manager.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SandboxManager,
  type SandboxRuntimeConfig,
  type SandboxViolationEvent,
} from '@anthropic-ai/sandbox-runtime';
import type { SandboxAvailability } from './availability';
import { isInside, type ResolvedPolicy } from './policy';
import type { StandIns } from './standIns';
import { inOwnWorkingFolder } from './workingFolder';
import { unpackedSeccompPath } from './packagedPaths';
import { launchGuard, protectedWrites } from './protectedWrites';

/**
 * sandbox-runtime keeps this folder writable for every sandboxed process (its
 * SANDBOX_OWN_WRITE_PATHS, the TMPDIR it hands out): shared, it would carry files from one
 * launch to another, so where it exists it is read-only, and each launch has a temp of its own.
 */
const LIBRARY_SHARED_TEMP = ['/tmp/claude', '/private/tmp/claude'];

/** What to spawn: the same shape as the stdio transport's launch. */
export interface LaunchSpec {
  file: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface WrappedLaunch {
  launch: LaunchSpec;
  /** The repositories found in its folders, whose hooks and config stay read-only. */
  repositories: string[];
  /** False when the look for them was cut short (time or folder budget). */
  scanComplete: boolean;
  /** Call once the process has exited (or never started): drops its network list. */
  release(): void;
}

type Available = Extract<SandboxAvailability, { ok: true }>;

let session: { key: string; ready: Promise<void> } | undefined;
const listeners = new Map<string, (line: string) => void>();
let seenViolations = 0;

/** Starts (once per set of tool paths) sandbox-runtime's session: its proxies and its store. */
function ensureSession(tools: Available): Promise<void> {
  const key = JSON.stringify([tools.bwrapPath, tools.socatPath, tools.rgPath]);
  if (session?.key === key) return session.ready;
  const previous = session;
  const config: SandboxRuntimeConfig = {
    // Nothing is allowed session-wide: each launch brings its own hosts.
    network: { allowedDomains: [], deniedDomains: [] },
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
    ...(tools.bwrapPath ? { bwrapPath: tools.bwrapPath } : {}),
    ...(tools.socatPath ? { socatPath: tools.socatPath } : {}),
    ...(tools.rgPath ? { ripgrep: { command: tools.rgPath } } : {}),
    // Before each wrap the library looks for shell configs and git hooks to keep read-only, with
    // ripgrep, below Hearth's own working directory (process.cwd(), not the launch's). Hearth
    // wraps in a folder of its own that holds nothing but the library's stand-ins
    // (workingFolder.ts), so there is nothing below it to find; protectedWrites.ts finds what the
    // launch's own folders hold. Depth 0 (patches/: the working directory's own names only)
    // spares the scan's process on every wrap: a fork of Hearth's whole process, 20 to 30 ms
    // here (bench: sandbox.ready_ratio).
    mandatoryDenySearchDepth: 0,
    ...seccompConfig(),
  };
  const ready = (async () => {
    if (previous) await previous.ready.then(() => SandboxManager.reset()).catch(() => undefined);
    // No ask callback: a host nobody listed is refused, and recorded as a violation.
    await SandboxManager.initialize(config);
    const store = SandboxManager.getSandboxViolationStore();
    seenViolations = store.getTotalCount();
    store.subscribe(() => deliverViolations());
  })();
  session = { key, ready };
  ready.catch(() => {
    if (session?.ready === ready) session = undefined;
  });
  return ready;
}

/** Hands each new violation to the launch it is attributed to (by its command text, our id). */
function deliverViolations(): void {
  const store = SandboxManager.getSandboxViolationStore();
  const total = store.getTotalCount();
  const fresh = total - seenViolations;
  seenViolations = total;
  if (fresh <= 0) return;
  const recent: SandboxViolationEvent[] = store.getViolations(fresh);
  for (const violation of recent) {
    if (violation.command) listeners.get(violation.command)?.(violation.line);
  }
}

/** POSIX shell quoting: the wrapper runs the command through `sh -c`. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * Wraps a launch in the sandbox the policy describes. `onViolation` gets the proxy's refusals
 * ("deny network-outbound host:port (…)") for this launch only.
 */
export async function wrapLaunch(
  launch: LaunchSpec,
  policy: ResolvedPolicy,
  tools: Available,
  onViolation: (line: string) => void,
  standIns?: StandIns,
): Promise<WrappedLaunch> {
  await ensureSession(tools);
  // A folder that does not exist is skipped by the library, so a first start (no npm cache yet)
  // would find it read-only: every folder the launch may write exists before it starts.
  mkdirSync(policy.ownFolder, { recursive: true });
  for (const folder of policy.allowWrite) makeFolder(folder);
  // A temp folder of its own (0700), removed when it exits: nothing left in it for another.
  const temp = mkdtempSync(join(tmpdir(), 'hearth-sandbox-'));
  const guarded = await protectedWrites(launchGuard(policy, launch.env.PATH ?? '', temp));
  // The stand-ins bubblewrap will make for missing denied paths where the launch may write.
  const writable = (path: string) =>
    policy.allowAllWrites || guarded.allowWrite.some((folder) => isInside(path, folder));
  standIns?.expect(guarded.denyWrite.filter(writable));
  // 128 random bits: the id is what binds a connection to this launch's hosts (README).
  const commandId = randomBytes(16).toString('base64url');
  // The library sets TMPDIR to its shared folder inside; the command's own assignment comes last.
  // `exec`: the server replaces the shell that starts it instead of being its child, so signals
  // reach it directly and a start costs one process fewer.
  const tempVariables = ['TMPDIR', 'TMP', 'TEMP'].map((name) => `${name}=${shellQuote(temp)}`);
  const command = [
    `export ${tempVariables.join(' ')};`,
    'exec',
    ...[launch.file, ...launch.args].map(shellQuote),
  ].join(' ');
  let wrapped: { argv: string[] };
  try {
    wrapped = await inOwnWorkingFolder(() =>
      SandboxManager.wrapWithSandboxArgv(
        command,
        '/bin/sh',
        {
          filesystem: {
            denyRead: policy.denyRead,
            allowRead: policy.allowRead,
            allowWrite: [...guarded.allowWrite, temp],
            denyWrite: [
              ...guarded.denyWrite,
              ...LIBRARY_SHARED_TEMP.filter((path) => existsSync(path)),
            ],
          },
        },
        undefined,
        launch.cwd ?? policy.ownFolder,
        { commandId, commandText: commandId },
      ),
    );
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  if (policy.hosts.length > 0)
    SandboxManager.registerCommandNetworkLists(commandId, { allowedDomains: policy.hosts });
  listeners.set(commandId, onViolation);
  let released = false;
  const [file = '/bin/sh', ...args] = bubblewrapInPlace(wrapped.argv);
  const env = { ...launch.env, ...policy.env, TMPDIR: temp };
  return {
    repositories: guarded.repositories,
    scanComplete: guarded.scanComplete,
    launch: {
      file,
      args,
      // The wrapper sets the proxy variables inside; Node's fetch honours them only when asked
      // (NODE_USE_ENV_PROXY, Node 22.21 and 24.5: doc/api/cli.md in nodejs/node). Asked only when
      // the server has hosts of its own: it costs every Node process 20 to 45 ms at start (the
      // proxy agent loads eagerly; Node 22 also prints an "experimental" warning), and launchers
      // read the variables themselves (npm, uv). Without it a fetch fails at the name lookup,
      // which blockedAccess.ts reports.
      env: policy.ownHosts.length > 0 ? { ...env, NODE_USE_ENV_PROXY: '1' } : env,
      cwd: launch.cwd ?? policy.ownFolder,
    },
    release() {
      if (released) return;
      released = true;
      SandboxManager.unregisterCommandNetworkLists(commandId);
      listeners.delete(commandId);
      rmSync(temp, { recursive: true, force: true });
      // Removes the mount points wraps made for paths that did not exist (Linux). It is
      // session-wide, so only once no sandboxed process is left to need them (README, "Write
      // denies on paths that do not exist yet").
      if (listeners.size === 0) {
        SandboxManager.cleanupAfterCommand();
        standIns?.removed();
      }
    },
  };
}

/**
 * The library starts bubblewrap through `sh -c "<bwrap> …"`. With `exec` in front the shell
 * becomes bubblewrap instead of forking it: a start costs one process fewer (bench:
 * sandbox.ready_ratio), and bubblewrap's `--die-with-parent` then follows Hearth itself, so a
 * Hearth that is killed takes its sandboxed servers with it. Any other shape is left as it is.
 */
export function bubblewrapInPlace(argv: string[]): string[] {
  const [shell, flag, script, ...rest] = argv;
  if (shell === undefined || flag !== '-c' || script === undefined || rest.length > 0) return argv;
  return /^\/\S*\/bwrap /.test(script) ? [shell, flag, `exec ${script}`] : argv;
}

/** Makes a folder the launch may write; one that cannot be made is reported by the server. */
function makeFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch {
    // Not Hearth's to make (another user's, a read-only disk): the launch says what failed.
  }
}

/** Stops the session's proxies (Hearth quitting, or tests). */
export async function resetSandboxSession(): Promise<void> {
  const current = session;
  session = undefined;
  listeners.clear();
  if (current) await current.ready.then(() => SandboxManager.reset()).catch(() => undefined);
}

/** In a packaged app, the unpacked apply-seccomp beside app.asar (see packagedPaths.ts). */
function seccompConfig(): Pick<SandboxRuntimeConfig, 'seccomp'> {
  const applyPath = unpackedSeccompPath(fileURLToPath(import.meta.url));
  return applyPath ? { seccomp: { applyPath } } : {};
}
