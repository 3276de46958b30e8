/**
 * Whether the OS sandbox can run here, and if not, what is missing and how to get it. On Linux
 * sandbox-runtime needs bubblewrap, socat and ripgrep (its README, "Platform-Specific
 * Dependencies") and user namespaces that an unprivileged process may create; on macOS it uses
 * the system's sandbox-exec; on Windows it needs its own set-up (an account and firewall rules),
 * which Hearth does not make for the user.
 */
import { execFile } from 'node:child_process';
import { resolveCommand } from '../mcp/launch';

export type SandboxAvailability =
  | { ok: true; bwrapPath?: string; socatPath?: string; rgPath?: string }
  | {
      ok: false;
      /** What is missing, in words: "bubblewrap (bwrap) and socat". */
      missing: string;
      /** How to get it, e.g. "apt install bubblewrap socat ripgrep". */
      advice: string;
    };

const LINUX_TOOLS = [
  { command: 'bwrap', package: 'bubblewrap', label: 'bubblewrap (bwrap)' },
  { command: 'socat', package: 'socat', label: 'socat' },
  { command: 'rg', package: 'ripgrep', label: 'ripgrep (rg)' },
] as const;

export interface AvailabilityOptions {
  platform: NodeJS.Platform;
  /** The PATH servers are started with (the login shell's). */
  path: string;
  /** Runs bubblewrap once to see whether user namespaces are allowed; true when they are. */
  probeNamespaces?: (bwrapPath: string) => Promise<boolean>;
}

export async function checkAvailability(
  options: AvailabilityOptions,
): Promise<SandboxAvailability> {
  if (options.platform === 'darwin') return { ok: true };
  if (options.platform === 'win32')
    return {
      ok: false,
      missing: 'the sandbox’s Windows set-up (its own account and firewall rules)',
      advice:
        'Run “npx @anthropic-ai/sandbox-runtime install” as an administrator once, then restart Hearth.',
    };
  if (options.platform !== 'linux')
    return {
      ok: false,
      missing: `a sandbox for ${options.platform}`,
      advice: 'The sandbox runs on Linux, macOS and Windows only.',
    };
  const found = LINUX_TOOLS.map((tool) => ({
    tool,
    file: resolveCommand(tool.command, { platform: 'linux', path: options.path }),
  }));
  const absent = found.filter((entry) => !entry.file.ok).map((entry) => entry.tool);
  if (absent.length > 0)
    return {
      ok: false,
      missing: joinWords(absent.map((tool) => tool.label)),
      advice: `On Debian or Ubuntu: sudo apt install ${absent.map((tool) => tool.package).join(' ')}`,
    };
  const [bwrapPath, socatPath, rgPath] = found.map((entry) =>
    entry.file.ok ? entry.file.file : '',
  );
  const probe = options.probeNamespaces ?? namespacesAllowed;
  if (!(await probe(bwrapPath ?? 'bwrap')))
    return {
      ok: false,
      missing: 'user namespaces (the system does not let bubblewrap create them)',
      advice:
        'Allow unprivileged user namespaces: sudo sysctl kernel.unprivileged_userns_clone=1 (Debian), or on Ubuntu 24.04 and later add an AppArmor profile for bwrap; then restart Hearth.',
    };
  return { ok: true, bwrapPath, socatPath, rgPath };
}

/** Whether bubblewrap can make the namespaces the sandbox uses (a user and a network one). */
export function namespacesAllowed(bwrapPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      bwrapPath,
      ['--ro-bind', '/', '/', '--unshare-user', '--unshare-net', '--dev', '/dev', '--', 'true'],
      { timeout: 5_000 },
      (error) => resolve(!error),
    );
  });
}

function joinWords(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
