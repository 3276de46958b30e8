import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventHub } from '../../electron/core/bridge/events';
import { createBundleService } from '../../electron/core/bundles/bundleService';
import { createLogger } from '../../electron/core/logger';
import { createMcpManager, type McpManager } from '../../electron/core/mcp/manager';
import { createServerSandbox } from '../../electron/core/sandbox';
import { createMemoryVault } from '../../electron/core/secrets/secretVault';
import { buildBundle } from '../support/bundleBuilder';
import { REPO_ROOT } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// A Node bundle on Electron's own binary run as Node (ELECTRON_RUN_AS_NODE), as the desktop app
// runs it, so no Node install is needed. Needs the Electron binary (no display: it never opens a
// window); without one it is skipped, and the same path runs on plain Node in bundles.test.ts.
function electronBinary(): string | undefined {
  const folder = join(REPO_ROOT, 'node_modules', 'electron');
  const pathFile = join(folder, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(folder, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();
let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.dispose();
});

describe('a Node bundle on Electron’s own Node', () => {
  it.skipIf(!binary)(
    'installs, starts on the Electron binary and answers a tool call',
    async () => {
      const dataDir = tempDir('bundle-electron');
      const events = createEventHub(createLogger({ sinks: [] }));
      const vault = createMemoryVault();
      // With the OS sandbox, as the app has it: a bundle is installed to run in it.
      const sandbox = createServerSandbox({
        dataDir,
        home: homedir(),
        platform: process.platform,
      });
      const launchContext = () => ({
        platform: process.platform,
        environment: process.env,
        sandbox,
      });
      manager = createMcpManager({
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
        mcp: manager,
        vault,
        events,
        launchContext,
        environment: { platform: process.platform, home: dataDir, nodeExecutable: binary ?? '' },
        onProblem: () => undefined,
      });
      const built = await buildBundle();
      const entry = await bundles.install(await bundles.stageFile(built.path), {
        greeting: 'Hallo',
      });
      const review = manager.reviewLaunch(entry.config.name);
      expect(review.command).toBe(binary);
      expect((await manager.approveLaunch(entry.config.name, review.fingerprint)).state).toBe(
        'ready',
      );
      const outcome = await manager.callTool(entry.config.name, 'greet', { name: 'Eve' });
      expect(JSON.stringify(outcome)).toContain('Hallo, Eve!');
    },
    60_000,
  );
});
