/**
 * A new user's first sandboxed start, on a home folder where npm never ran (no ~/.npm, no caches):
 * the registry install of the reference filesystem server through `npx` downloads into the
 * server's own cache and starts; the user's own npm cache is never made or written. And a start
 * the sandbox made fail names the sandbox and what it stopped, whatever the server blamed.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createServerSandbox,
  defaultSandboxPolicy,
  openServerFolders,
} from '../../electron/core/sandbox';
import { createTestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const managers = managersDisposedAfterEach();

function freshHome() {
  const home = tempDir('fresh-home');
  const dataDir = join(home, '.config', 'Hearth');
  const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
  // Only what a new user's session has: no npm configuration, no caches, no tokens.
  const environment = {
    HOME: home,
    PATH: process.env.PATH ?? '',
    USER: process.env.USER ?? 'someone',
    ...(process.env.NODE_EXTRA_CA_CERTS
      ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS }
      : {}),
  };
  const tm = createTestManager({ dataDir, environment, sandbox });
  managers.push(tm);
  return { home, dataDir, tm };
}

describe.skipIf(!sandboxWorks)('a first sandboxed start on a fresh home folder', () => {
  it('installs server-filesystem through npx from the registry and starts it', async () => {
    const { home, dataDir, tm } = freshHome();
    const project = join(home, 'Documents');
    await tm.manager.save({
      name: 'files',
      roots: [project],
      transport: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', project],
        env: [],
        sandbox: { ...defaultSandboxPolicy(), allowWrite: [project] },
      },
    });
    const review = tm.manager.reviewLaunch('files');
    await tm.manager.approveLaunch('files', review.fingerprint);
    const status = await tm.waitForState('files', 'ready', 170_000);
    expect(status.sandbox?.state).toBe('on');
    // The folder it was pointed at did not exist: it was made before the start.
    expect(existsSync(project)).toBe(true);
    const written = await tm.manager.callTool('files', 'write_file', {
      path: join(project, 'hello.txt'),
      content: 'hello',
    });
    expect(JSON.stringify(written)).not.toContain('isError":true');
    // The download went to the server's own cache; the user's ~/.npm was never made.
    const ownFolder = openServerFolders(dataDir).existing('files') ?? '';
    expect(readdirSync(join(ownFolder, 'cache', 'npm')).length).toBeGreaterThan(0);
    expect(existsSync(join(home, '.npm'))).toBe(false);
    // Deleting the server deletes its folder, caches and all.
    await tm.manager.delete('files');
    expect(existsSync(ownFolder)).toBe(false);
  }, 180_000);

  it('a start the sandbox made fail says so first, whatever the server blamed', async () => {
    const { home, tm } = freshHome();
    const script = join(tempDir('first-start-script'), 'server.mjs');
    writeFileSync(
      script,
      [
        "import { writeFileSync } from 'node:fs';",
        `try { writeFileSync(${JSON.stringify(join(home, 'settings.json'))}, '{}'); }`,
        'catch (error) { console.error(error.message); }',
        "console.error('fatal: network unreachable, could not fetch configuration');",
        'process.exit(1);',
      ].join('\n'),
    );
    await tm.manager.save({
      name: 'picky',
      transport: {
        type: 'stdio',
        command: process.execPath,
        args: [script],
        env: [],
        sandbox: defaultSandboxPolicy(),
      },
    });
    const review = tm.manager.reviewLaunch('picky');
    await tm.manager.approveLaunch('picky', review.fingerprint);
    const status = await tm.waitForState('picky', 'error', 60_000);
    expect(status.error).toMatch(
      /^Hearth's sandbox stopped it: blocked: write of ~\/settings\.json\./,
    );
    expect(status.error).toContain('network unreachable');
  }, 90_000);
});
