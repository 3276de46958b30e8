/**
 * Node bundles with native add-ons (`.node` files). An add-on is built for one Node ABI; plain
 * Node.js and Electron's Node have different ones (electron/electron
 * docs/tutorial/using-native-node-modules.md: add-ons must be rebuilt for Electron), so an add-on built for plain
 * Node fails to load on Hearth's own Node with "was compiled against a different Node.js
 * version". Such a bundle runs on a Node.js installed on this computer when there is one that
 * meets the bundle's `compatibility.runtimes.node`; without one the preview says, before the
 * install, that it may not run.
 */
import type { LaunchContext } from '../mcp';
import { resolveCommand } from '../programs';
import { probeVersion } from '../runtimes/versionProbe';
import type { ArchiveEntry } from './bundleArchive';

/** The add-ons a bundle holds (their paths inside it). */
export function nativeAddons(entries: ArchiveEntry[]): string[] {
  return entries
    .filter((entry) => !entry.directory && /\.node$/i.test(entry.name))
    .map((entry) => entry.name);
}

/** Largest add-on read to tell which kind it is; a larger one is taken as built for plain Node. */
export const MAX_ADDON_SCAN_BYTES = 64 * 1024 * 1024;

const ABI_BOUND = ['node_register_module_v', 'node_module_register'].map((text) =>
  Buffer.from(text),
);
const NODE_API = ['napi_register_module_v1', 'napi_module_register'].map((text) =>
  Buffer.from(text),
);

/**
 * Whether an add-on is tied to one Node ABI. A Node-API add-on (NAPI_MODULE) exports
 * `napi_register_module_v1` (or, built the deprecated way, calls `napi_module_register`; Node's
 * src/node_api.h, NAPI_MODULE_INITIALIZER_BASE) and loads on any Node with Node-API, Electron's
 * included (nodejs.org/learn/node-api: the compiled binary "continues to work across Node.js
 * releases"). One built on V8's own API (NODE_MODULE, NAN) exports
 * `node_register_module_v<ABI>` (or calls `node_module_register`; src/node.h,
 * NODE_MODULE_INITIALIZER_BASE). An add-on that shows neither is taken as tied, to be safe.
 */
export function tiedToNodeAbi(binary: Uint8Array): boolean {
  const bytes = Buffer.from(binary.buffer, binary.byteOffset, binary.byteLength);
  if (ABI_BOUND.some((symbol) => bytes.includes(symbol))) return true;
  return !NODE_API.some((symbol) => bytes.includes(symbol));
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
  return `It holds ${which}, built for plain Node.js, which Hearth’s own Node.js (Electron’s) cannot load, and ${seen}: it may not run. Install ${wanted} (https://nodejs.org/en/download) and open the bundle again.`;
}
