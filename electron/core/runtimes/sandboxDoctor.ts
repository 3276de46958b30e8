/**
 * The runtime doctor's part on the OS sandbox: what it needs on this computer (on Linux
 * bubblewrap, socat, ripgrep and user namespaces), found on the PATH servers are started with,
 * and how to get what is missing. The check itself is the sandbox module's, so the doctor and
 * a server's start agree.
 */
import type { SandboxNeedsReport } from '../../../preload/schemas/servers';
import type { LaunchContext } from '../mcp';
import { checkSandboxNeeds } from '../sandbox';

export async function checkSandbox(
  context: Pick<LaunchContext, 'platform' | 'environment'>,
  probeNamespaces?: (bwrapPath: string) => Promise<boolean>,
): Promise<SandboxNeedsReport> {
  const path = context.environment.PATH ?? context.environment.Path ?? '';
  const needs = await checkSandboxNeeds({ platform: context.platform, path, probeNamespaces });
  const platform = (['linux', 'darwin', 'win32'] as const).find(
    (known) => known === context.platform,
  );
  return {
    platform: platform ?? 'other',
    tools: needs.tools.map(({ command, label, package: name, path: found }) =>
      found === undefined
        ? { command, label, package: name }
        : { command, label, package: name, path: found },
    ),
    ...(needs.namespaces === undefined ? {} : { namespaces: needs.namespaces }),
    ok: needs.availability.ok,
    ...(needs.availability.ok
      ? {}
      : { missing: needs.availability.missing, advice: needs.availability.advice }),
  };
}
