/**
 * "Allow this folder" / "Allow this host" for one blocked access: the policy with the folder of a
 * blocked read or write, or the host of a blocked connection, added. The policy is the user's:
 * what they allow goes into the lists they see and edit in the server form.
 */
import { dirname } from 'node:path';
import type { SandboxPolicy } from '../../../preload/schemas/servers';

export type AllowResult =
  { ok: true; policy: SandboxPolicy; allowed: string } | { ok: false; message: string };

/** `line` is one of the server's blocked lines ("blocked: read of ~/.ssh/id_rsa"). */
export function allowBlocked(policy: SandboxPolicy, line: string): AllowResult {
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
  const folder = dirname(path ?? '');
  return kind === 'read'
    ? { ok: true, allowed: folder, policy: { ...policy, allowRead: add(policy.allowRead, folder) } }
    : {
        ok: true,
        allowed: folder,
        policy: { ...policy, allowWrite: add(policy.allowWrite, folder) },
      };
}

function add(list: string[], entry: string): string[] {
  return list.includes(entry) ? list : [...list, entry];
}
