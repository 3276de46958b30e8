/**
 * Whether the OS sandbox can run here, and if not, what is missing and how to get it. On Linux
 * sandbox-runtime needs bubblewrap, socat and ripgrep (its README, "Platform-Specific
 * Dependencies") and user namespaces that an unprivileged process may create; on macOS it uses
 * the system's sandbox-exec and ripgrep. On Windows it cannot give one launch folders of its own
 * to write and read: `srt-win exec` takes per-launch denies only, and a launch's own allowRead or
 * allowWrite is refused (sandbox-manager.ts, wrapWithSandboxArgv's Windows branch), so Hearth's
 * per-server policy cannot be applied there; the sandbox is reported unavailable, whatever the
 * library's own set-up.
 */
import { execFile } from 'node:child_process';
import { resolveCommand } from '../programs';

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

/** One program the sandbox needs, and where it was found (absent: not found). */
export interface SandboxTool {
  command: string;
  label: string;
  /** The Debian/Ubuntu package it comes in. */
  package: string;
  path?: string;
}

/** What the sandbox needs here, each part checked, for the runtime doctor; and the verdict. */
export interface SandboxNeeds {
  /** Linux: bubblewrap, socat and ripgrep; none elsewhere (the platform's own mechanism). */
  tools: SandboxTool[];
  /** Linux: whether bubblewrap could create user namespaces (unknown while bwrap is missing). */
  namespaces?: boolean;
  availability: SandboxAvailability;
}

export async function checkAvailability(
  options: AvailabilityOptions,
): Promise<SandboxAvailability> {
  return (await checkSandboxNeeds(options)).availability;
}

export async function checkSandboxNeeds(options: AvailabilityOptions): Promise<SandboxNeeds> {
  if (options.platform === 'darwin') {
    // sandbox-exec is the system's; ripgrep finds the places to hide (README, "macOS requires").
    const rg = resolveCommand('rg', { platform: 'darwin', path: options.path });
    const tool = { command: 'rg', label: 'ripgrep (rg)', package: 'ripgrep' };
    return rg.ok
      ? { tools: [{ ...tool, path: rg.file }], availability: { ok: true, rgPath: rg.file } }
      : {
          tools: [tool],
          availability: {
            ok: false,
            missing: tool.label,
            advice: 'With Homebrew: brew install ripgrep',
          },
        };
  }
  if (options.platform === 'win32')
    return {
      tools: [],
      availability: {
        ok: false,
        missing: 'a sandbox Hearth can use on Windows',
        advice: 'Hearth cannot sandbox on Windows yet (Docker and WSL isolate a server themselves)',
      },
    };
  if (options.platform !== 'linux')
    return {
      tools: [],
      availability: {
        ok: false,
        missing: `a sandbox for ${options.platform}`,
        advice: 'The sandbox runs on Linux and macOS only.',
      },
    };
  const tools: SandboxTool[] = LINUX_TOOLS.map((tool) => {
    const file = resolveCommand(tool.command, { platform: 'linux', path: options.path });
    return file.ok ? { ...tool, path: file.file } : { ...tool };
  });
  const absent = tools.filter((tool) => tool.path === undefined);
  if (absent.length > 0)
    return {
      tools,
      availability: {
        ok: false,
        missing: joinWords(absent.map((tool) => tool.label)),
        advice: `On Debian or Ubuntu: sudo apt install ${absent.map((tool) => tool.package).join(' ')}`,
      },
    };
  const [bwrapPath, socatPath, rgPath] = tools.map((tool) => tool.path ?? '');
  const probe = options.probeNamespaces ?? namespacesAllowed;
  if (!(await probe(bwrapPath ?? 'bwrap')))
    return {
      tools,
      namespaces: false,
      availability: {
        ok: false,
        missing: 'user namespaces (the system does not let bubblewrap create them)',
        advice:
          'Allow unprivileged user namespaces: sudo sysctl kernel.unprivileged_userns_clone=1 (Debian), or on Ubuntu 24.04 and later add an AppArmor profile for bwrap; then restart Hearth.',
      },
    };
  return { tools, namespaces: true, availability: { ok: true, bwrapPath, socatPath, rgPath } };
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
