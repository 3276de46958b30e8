/**
 * Node bundles with native add-ons (`.node` files). An add-on is built for one Node ABI; plain
 * Node.js and Electron's Node have different ones (electron/electron
 * docs/tutorial/using-native-node-modules.md: add-ons must be rebuilt for Electron), so an add-on built for plain
 * Node fails to load on Hearth's own Node with "was compiled against a different Node.js
 * version". Such a bundle runs on a Node.js installed on this computer when there is one that
 * meets the bundle's `compatibility.runtimes.node`; without one the preview says, before the
 * install, that it may not run.
 */
import type { LaunchContext } from '../mcp/transports';
import { resolveCommand } from '../mcp/launch';
import { probeVersion } from '../runtimes/versionProbe';
import type { ArchiveEntry } from './bundleArchive';

/** The add-ons a bundle holds (their paths inside it). */
export function nativeAddons(entries: ArchiveEntry[]): string[] {
  return entries
    .filter((entry) => !entry.directory && /\.node$/i.test(entry.name))
    .map((entry) => entry.name);
}

export interface SystemNode {
  file: string;
  /** As `node --version` prints it: `v22.11.0`. */
  version: string;
}

/** A Node.js on the PATH servers get whose version meets `range` (any, without one). */
export async function findSystemNode(
  context: LaunchContext,
  range: string | undefined,
  satisfies: (range: string, version: string) => boolean,
): Promise<{ node?: SystemNode; found?: SystemNode }> {
  const environment = context.environment;
  const resolved = resolveCommand('node', {
    platform: context.platform,
    path: environment.PATH ?? environment.Path ?? '',
    pathExt: environment.PATHEXT,
  });
  if (!resolved.ok) return {};
  const answer = await probeVersion(resolved.file, {
    env: Object.fromEntries(
      Object.entries(environment).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
  });
  if (!('version' in answer)) return {};
  const version = /v?(\d+\.\d+\.\d+)/.exec(answer.version)?.[1];
  if (!version) return {};
  const found = { file: resolved.file, version: `v${version}` };
  return range === undefined || satisfies(range, version) ? { node: found, found } : { found };
}

/** The preview's sentence when no suitable Node.js was found. */
export function addonWarning(
  addons: string[],
  range: string | undefined,
  found: SystemNode | undefined,
): string {
  const which =
    addons.length === 1
      ? `a native add-on (${addons[0]})`
      : `${addons.length} native add-ons (such as ${addons[0]})`;
  const wanted = range ? `Node.js ${range}` : 'Node.js';
  const seen = found
    ? `the Node.js on this computer is ${found.version}, not ${range ?? 'one that fits'}`
    : 'no Node.js was found on this computer';
  return `It holds ${which}, built for plain Node.js, which Hearth’s own Node.js (Electron’s) usually cannot load, and ${seen}: it may not run. Install ${wanted} (https://nodejs.org/en/download) and open the bundle again.`;
}
