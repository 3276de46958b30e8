/**
 * The OS sandbox for the built-in shell tool's commands: a command may write only in the folder
 * it runs in and the temp folder, never reads the secret places or Hearth's data, and reaches no
 * host. The sudo path is not wrapped: it runs after its own approval, as root, outside.
 */
import { defaultSandboxPolicy } from './policy';
import { checkAvailability, type SandboxAvailability } from './availability';
import { blockedInText, describeBlocked } from './blockedAccess';
import { resolvePolicy } from './policy';
import { wrapLaunch } from './sandboxRuntime';

export interface ShellSandboxOptions {
  dataDir: string;
  home: string;
  tempDir: string;
  platform: NodeJS.Platform;
  /** The PATH commands run with (bubblewrap, socat and ripgrep are looked for on it). */
  path(): string;
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
  | { ok: false; message: string };

export interface ShellSandbox {
  wrap(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<SandboxedShell>;
}

export function createShellSandbox(options: ShellSandboxOptions): ShellSandbox {
  // Checking runs bubblewrap once: a success is kept for the PATH it was found on, so a command
  // does not pay for it; a failure is checked again, as the user may install what was missing.
  const found = new Map<string, Extract<SandboxAvailability, { ok: true }>>();
  const availability = async (path: string): Promise<SandboxAvailability> => {
    const known = found.get(path);
    if (known) return known;
    const checked = await checkAvailability({ platform: options.platform, path });
    if (checked.ok) found.set(path, checked);
    return checked;
  };
  return {
    async wrap(command, cwd, env) {
      const available = await availability(options.path());
      if (!available.ok)
        return {
          ok: false,
          message: `Shell commands run in the sandbox, which cannot run here: ${available.missing} ${/ and /.test(available.missing) ? 'are' : 'is'} missing. ${available.advice}.`,
        };
      const resolved = resolvePolicy(defaultSandboxPolicy(), {
        serverName: 'shell',
        command: '/bin/sh',
        cwd,
        env,
        roots: [cwd],
        dataDir: options.dataDir,
        home: options.home,
        tempDir: options.tempDir,
      });
      const plain = Object.fromEntries(
        Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const blockedHosts: string[] = [];
      const wrapped = await wrapLaunch(
        { file: '/bin/sh', args: ['-c', command], env: plain, cwd },
        resolved,
        available,
        (line) => {
          const host = /^deny network-outbound (\S+)/.exec(line)?.[1];
          if (host) blockedHosts.push(`blocked: connection to ${host}`);
        },
      );
      return {
        ok: true,
        file: wrapped.launch.file,
        args: wrapped.launch.args,
        env: wrapped.launch.env,
        release: wrapped.release,
        blocked: (output) => [
          ...new Set([
            ...blockedInText(output, resolved).map((entry) => describeBlocked(entry, options.home)),
            ...blockedHosts,
          ]),
        ],
      };
    },
  };
}
