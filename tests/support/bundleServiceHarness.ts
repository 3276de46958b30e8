/**
 * A bundle service on a fresh data folder with an in-memory vault, for unit tests that install
 * bundles without a host or a bridge. Bundles are zipped here from a manifest and files (fflate),
 * which is quicker than `mcpb pack` and lets a test write what no honest packer would.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { createEventHub } from '../../electron/core/bridge/events';
import type { LaunchEnvironment } from '../../electron/core/bundles/bundleLaunch';
import { createBundleService, type BundleService } from '../../electron/core/bundles/bundleService';
import { createLogger } from '../../electron/core/logger';
import { createMcpManager, type McpManager } from '../../electron/core/mcp/manager';
import { createMemoryVault, type SecretVault } from '../../electron/core/secrets/secretVault';
import { tempDir } from './testHost';

export interface BundleHarness {
  bundles: BundleService;
  mcp: McpManager;
  vault: SecretVault;
  dataDir: string;
}

export function bundleHarness(
  options: {
    environment?: NodeJS.ProcessEnv;
    launch?: Partial<LaunchEnvironment>;
    dataDir?: string;
    vault?: SecretVault;
  } = {},
): BundleHarness {
  const dataDir = options.dataDir ?? tempDir('bundle-unit');
  const events = createEventHub(createLogger({ sinks: [] }));
  const vault = options.vault ?? createMemoryVault();
  const environment = options.environment ?? process.env;
  const launchContext = () => ({ platform: process.platform, environment });
  const mcp = createMcpManager({
    dataDir,
    vault,
    events,
    logger: createLogger({ sinks: [] }),
    clientVersion: '0.0.0-test',
    launchContext,
    onProblem: () => undefined,
  });
  const bundles = createBundleService({
    dataDir,
    mcp,
    vault,
    events,
    launchContext,
    environment: {
      platform: process.platform,
      home: '/users/someone',
      nodeExecutable: '/opt/node',
      ...options.launch,
    },
    onProblem: () => undefined,
  });
  return { bundles, mcp, vault, dataDir };
}

/** A `.mcpb` file made of `manifest` and `files` (text, or bytes). */
export function zippedBundle(
  manifest: Record<string, unknown>,
  files: Record<string, string | Uint8Array> = {},
): string {
  const entries: Zippable = { 'manifest.json': strToU8(JSON.stringify(manifest)) };
  for (const [name, data] of Object.entries(files))
    entries[name] = typeof data === 'string' ? strToU8(data) : data;
  const path = join(tempDir('zip'), 'made.mcpb');
  writeFileSync(path, zipSync(entries));
  return path;
}
