/**
 * Hearth as a desktop launcher starts it, for the stand-in test: its working directory is the
 * home folder (the spawner's `cwd`), and a "write anywhere" server runs in the real sandbox.
 * Prints `ready` once the server runs, then waits to be killed.
 *
 *   node --import tsx hearthInHome.ts DATA_DIR HOME
 */
import { join } from 'node:path';
import { createServerSandbox, defaultSandboxPolicy } from '../../../electron/core/sandbox';
import { createTestManager } from '../../support/managerHarness';

const [dataDir = '', home = ''] = process.argv.slice(2);
const hostile = join(import.meta.dirname, '..', '..', 'fixtures', 'servers', 'hostileServer.mjs');
const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
const tm = createTestManager({ dataDir, environment: { ...process.env, HOME: home }, sandbox });
await tm.manager.save({
  name: 'anywhere',
  transport: {
    type: 'stdio',
    command: process.execPath,
    args: [hostile],
    env: [],
    sandbox: { ...defaultSandboxPolicy(), allowAllWrites: true },
  },
});
const status = await tm.manager.approveLaunch(
  'anywhere',
  tm.manager.reviewLaunch('anywhere').fingerprint,
);
process.stdout.write(`${status.state === 'ready' ? 'ready' : `failed: ${status.error}`}\n`);
setInterval(() => undefined, 1_000);
