/**
 * Deleting a server clears its downloads and caches but keeps what it wrote for the user: the
 * memory server (from the npm registry, through npx, in the real sandbox) keeps every entity in
 * `memory.jsonl` beside its code in its npx cache. This process reads the disk after the delete.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createServerSandbox,
  defaultSandboxPolicy,
  keptFolderOf,
  openServerFolders,
} from '../../electron/core/sandbox';
import { createTestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { tempDir } from '../support/testHost';

const managers = managersDisposedAfterEach();

/** Every file below a folder, as paths relative to it. */
function filesIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1));
}

describe.skipIf(!sandboxWorks)('deleting a sandboxed server', () => {
  it('keeps the memory server’s memory.jsonl and removes its cache', async () => {
    const home = tempDir('delete-home');
    const dataDir = join(home, '.config', 'Hearth');
    const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
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
    await tm.manager.save({
      name: 'memory',
      transport: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory'],
        env: [],
        sandbox: defaultSandboxPolicy(),
      },
    });
    await tm.manager.approveLaunch('memory', tm.manager.reviewLaunch('memory').fingerprint);
    const status = await tm.waitForState('memory', 'ready', 170_000);
    expect(status.sandbox?.state).toBe('on');
    const created = await tm.manager.callTool('memory', 'create_entities', {
      entities: [{ name: 'Ada', entityType: 'person', observations: ['likes tea'] }],
    });
    expect(JSON.stringify(created)).toContain('Ada');
    const ownFolder = openServerFolders(dataDir).existing('memory') ?? '';
    expect(filesIn(ownFolder).some((file) => file.endsWith('memory.jsonl'))).toBe(true);

    await tm.manager.delete('memory');
    expect(existsSync(ownFolder)).toBe(false);
    const kept = keptFolderOf(home, 'memory');
    const files = filesIn(kept);
    expect(files).toEqual(['@modelcontextprotocol/server-memory/dist/memory.jsonl']);
    expect(readFileSync(join(kept, files[0] ?? ''), 'utf8')).toContain('likes tea');
  }, 180_000);
});
