/**
 * The OS sandbox for the built-in shell tool's commands: a command may write only in the folder
 * it runs in and a temp folder of its own (never what other programs run from there later: see
 * protectedWrites.ts), never reads the secret places or any of Hearth's folders, and reaches no
 * host. The sudo path is not wrapped: it runs after its own approval, as root, outside.
 */
import { defaultSandboxPolicy } from './policy';
import { whatIsMissing } from '../../../preload/sandboxWords';
import { checkAvailability, type SandboxAvailability } from './availability';
import { blockedInText, describeBlocked } from './blockedAccess';
import { resolvePolicy } from './policy';
import { wrapLaunch } from './sandboxRuntime';
import { shellFolderOf } from './serverFolders';
import { openStandIns } from './standIns';

export interface ShellSandboxOptions {
  dataDir: string;
  /** Hearth's other folders (the approval key's), hidden like its data folder. */
  hearthFolders?: string[];
  home: string;
  platform: NodeJS.Platform;
  /** The PATH commands run with (bubblewrap, socat and ripgrep are looked for on it). */
  path(): string;
  /** Where the sandbox cannot run, the user let shell commands run without it (Settings). */
  runWithoutWhenUnavailable(): boolean;
}

export type SandboxedShell =
  | {
      ok: true;
      file: string;
      args: string[];
      env: Record<string, string>;
      release(): void;
      /** "blocked: write of /etc/x" lines for what the command's output says was refused. */
      blocked(output: string): string[];
    }
  | {
      ok: false;
      /** Why it cannot be sandboxed, what is missing and how to get it. */
      message: string;
      /** The user let commands run without the sandbox here: run it as it is, and say so. */
      runAnyway: boolean;
    };

/** How the next command would run: for the approval to say. */
export type ShellSandboxState =
  { state: 'on' } | { state: 'unavailable'; missing: string; runAnyway: boolean };

export interface ShellSandbox {
  wrap(command: string, cwd: string, env: Record<string, string>): Promise<SandboxedShell>;
  /** Whether the sandbox can run now (kept once it could, for the same PATH). */
  check(): Promise<ShellSandboxState>;
}

export function createShellSandbox(options: ShellSandboxOptions): ShellSandbox {
  // Checking runs bubblewrap once: a success is kept for the PATH it was found on, so a command
  // does not pay for it; a failure is checked again, as the user may install what was missing.
  const found = new Map<string, Extract<SandboxAvailability, { ok: true }>>();
  const standIns = openStandIns(options.dataDir);
  const availability = async (path: string): Promise<SandboxAvailability> => {
    const known = found.get(path);
    if (known) return known;
    const checked = await checkAvailability({ platform: options.platform, path });
    if (checked.ok) found.set(path, checked);
    return checked;
  };
  const stateOf = (available: SandboxAvailability): ShellSandboxState =>
    available.ok
      ? { state: 'on' }
      : {
          state: 'unavailable',
          missing: available.missing,
          runAnyway: options.runWithoutWhenUnavailable(),
        };
  return {
    check: async () => stateOf(await availability(options.path())),
    async wrap(command, cwd, env) {
      const available = await availability(options.path());
      if (!available.ok) {
        const runAnyway = options.runWithoutWhenUnavailable();
        const missing = whatIsMissing(available.missing);
        return {
          ok: false,
          runAnyway,
          message: runAnyway
            ? `Ran without Hearth's sandbox, as Settings › Chat allow where it cannot run: ${missing}.`
            : `Shell commands run in the sandbox, which cannot run here: ${missing}. ${available.advice}, or let shell commands run without it in Settings › Chat.`,
        };
      }
      const resolved = resolvePolicy(defaultSandboxPolicy(), {
        ownFolder: shellFolderOf(options.dataDir),
        command: '/bin/sh',
        cwd,
        env,
        roots: [cwd],
        dataDir: options.dataDir,
        hearthFolders: options.hearthFolders ?? [],
        home: options.home,
      });
      const blockedHosts: string[] = [];
      const wrapped = await wrapLaunch(
        { file: '/bin/sh', args: ['-c', command], env, cwd },
        resolved,
        available,
        (line) => {
          const host = /^deny network-outbound (\S+)/.exec(line)?.[1];
          if (host) blockedHosts.push(`blocked: connection to ${host}`);
        },
        standIns,
      );
      return {
        ok: true,
        file: wrapped.launch.file,
        args: wrapped.launch.args,
        env: wrapped.launch.env,
        release: wrapped.release,
        blocked: (output) => [
          ...new Set([
            ...blockedInText(output, resolved, cwd).map((entry) =>
              describeBlocked(entry, options.home),
            ),
            ...blockedHosts,
          ]),
        ],
      };
    },
  };
}
