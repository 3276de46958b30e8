/**
 * "Allow this folder" / "Allow this host" for one blocked access: the policy with the folder of a
 * blocked read or write, or the host of a blocked connection, added. The policy is the user's:
 * what they allow goes into the lists they see and edit in the server form.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SandboxPolicy } from '../../../preload/schemas/servers';
import { KEPT_READ_ONLY } from './blockedAccess';

export type AllowResult =
  { ok: true; policy: SandboxPolicy; allowed: string } | { ok: false; message: string };

/**
 * `line` is one of the server's blocked lines ("blocked: read of ~/.ssh/id_rsa"). What is allowed
 * is exactly the folder shown: the path itself when it is a folder, else the folder holding it
 * (a file, or one that it tried to make), never one above that.
 */
export function allowBlocked(policy: SandboxPolicy, line: string, home = homedir()): AllowResult {
  if (line.trim().endsWith(KEPT_READ_ONLY.trim()))
    return {
      ok: false,
      message: `Hearth keeps that file read-only for every sandboxed process, whatever its folders: programs outside the sandbox run it. Nothing was changed.`,
    };
  const match = /^blocked: (read|write) of (.+)$|^blocked: connection to (\S+)$/.exec(line.trim());
  if (!match) return { ok: false, message: `“${line}” is not something the sandbox blocked.` };
  const [, kind, path, host] = match;
  if (host) {
    // Loopback is the sandbox's own on Linux: the host's services there are out of reach anyway.
    const allowed = host.toLowerCase();
    return {
      ok: true,
      allowed,
      policy: { ...policy, allowHosts: add(policy.allowHosts, allowed) },
    };
  }
  const shown = path ?? '';
  const folder = isFolder(shown.startsWith('~/') ? join(home, shown.slice(2)) : shown)
    ? shown
    : dirname(shown);
  return kind === 'read'
    ? { ok: true, allowed: folder, policy: { ...policy, allowRead: add(policy.allowRead, folder) } }
    : {
        ok: true,
        allowed: folder,
        policy: { ...policy, allowWrite: add(policy.allowWrite, folder) },
      };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function add(list: string[], entry: string): string[] {
  return list.includes(entry) ? list : [...list, entry];
}
