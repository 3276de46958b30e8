/**
 * VS Code's MCP sandbox settings and Hearth's sandbox policy, both ways. In VS Code a stdio
 * server opts in with `"sandboxEnabled": true`, and one `"sandbox"` block beside `"servers"` in
 * the mcp.json (`IMcpSandboxConfiguration`: `network.allowedDomains` / `deniedDomains`,
 * `filesystem.denyRead` / `allowWrite` / `denyWrite`) applies to every sandboxed server of that
 * file (microsoft/vscode src/vs/platform/mcp/common/mcpPlatformTypes.ts and
 * src/vs/workbench/contrib/mcp/common/mcpSandboxService.ts). Claude Desktop and Cursor have none.
 */
import type { SandboxPolicy, ServerConfig } from '../../../../../preload/schemas/servers';
import { sandboxPolicySchema } from '../../../../../preload/schemas/servers';
import { isJsonObject, ownField, quote } from './words';

/** VS Code's `IMcpSandboxConfiguration`, as it is written in mcp.json. */
export interface VsCodeSandbox {
  network?: { allowedDomains?: string[]; deniedDomains?: string[] };
  filesystem?: { denyRead?: string[]; allowWrite?: string[]; denyWrite?: string[] };
}

/**
 * The policy for one imported server: on when its entry says `sandboxEnabled: true`, with the
 * file's `sandbox` lists; off otherwise. What Hearth cannot keep is said in `notes`.
 */
export function policyFromVsCode(
  sandboxEnabled: unknown,
  fileSandbox: unknown,
  notes: string[],
): SandboxPolicy | undefined {
  if (sandboxEnabled === undefined || sandboxEnabled === false) return undefined;
  if (sandboxEnabled !== true) {
    notes.push('Ignored “sandboxEnabled”: it should be true or false.');
    return undefined;
  }
  const network = isJsonObject(fileSandbox) ? ownField(fileSandbox, 'network') : undefined;
  const filesystem = isJsonObject(fileSandbox) ? ownField(fileSandbox, 'filesystem') : undefined;
  const list = (holder: unknown, key: string) => {
    const value = isJsonObject(holder) ? ownField(holder, key) : undefined;
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      : [];
  };
  if (list(filesystem, 'denyWrite').length > 0)
    notes.push(
      'Hearth’s sandbox has no “denyWrite”: the server writes only where “allowWrite” and its own folders say.',
    );
  if (list(network, 'deniedDomains').length > 0)
    notes.push('Hearth’s sandbox needs no “deniedDomains”: a host not allowed is never reachable.');
  const hosts = list(network, 'allowedDomains');
  const policy = sandboxPolicySchema.safeParse({
    enabled: true,
    denyRead: list(filesystem, 'denyRead'),
    allowWrite: list(filesystem, 'allowWrite'),
    allowHosts: hosts,
  });
  if (policy.success) return policy.data;
  // A host Hearth cannot read is left out, and said; the rest is kept.
  const valid = hosts.filter(
    (host) => sandboxPolicySchema.shape.allowHosts.safeParse([host]).success,
  );
  for (const host of hosts.filter((host) => !valid.includes(host)))
    notes.push(`Left out the host ${quote(host)}: it is not a host name Hearth can allow.`);
  return sandboxPolicySchema.parse({
    enabled: true,
    denyRead: list(filesystem, 'denyRead'),
    allowWrite: list(filesystem, 'allowWrite'),
    allowHosts: valid,
  });
}

/**
 * The `sandbox` block for an exported VS Code file: VS Code has one per file, so it holds every
 * sandboxed server's lists together (each server may then reach what any of them may).
 */
export function vsCodeSandboxOf(configs: readonly ServerConfig[]): VsCodeSandbox | undefined {
  const policies = configs.flatMap((config) =>
    config.transport.type === 'stdio' && config.transport.sandbox?.enabled
      ? [config.transport.sandbox]
      : [],
  );
  if (policies.length === 0) return undefined;
  const all = (pick: (policy: SandboxPolicy) => string[]) => [...new Set(policies.flatMap(pick))];
  const allowedDomains = all((policy) => policy.allowHosts);
  const denyRead = all((policy) => policy.denyRead);
  // VS Code has no list of places to read after all (Hearth's allowRead): those stay behind.
  const allowWrite = all((policy) => (policy.allowAllWrites ? ['/'] : policy.allowWrite));
  return {
    network: { allowedDomains },
    filesystem: { denyRead, allowWrite },
  };
}
