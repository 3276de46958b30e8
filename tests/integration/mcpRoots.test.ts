import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestManager, type TestManager } from '../support/managerHarness';
import { packageBin } from '../support/mcpFixtures';
import { tempDir } from '../support/testHost';

// Roots against the real filesystem server, which takes its allowed folders from the client's
// roots when it is started without any.
let harness: TestManager | undefined;
afterEach(async () => {
  await harness?.manager.dispose();
  harness = undefined;
});

function allowedFolders(outcome: Awaited<ReturnType<TestManager['manager']['callTool']>>): string {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.result.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');
}

describe('roots', () => {
  it('gives a server the folders the user chose, and tells it when they change without a restart', async () => {
    const first = tempDir('root-a');
    const second = tempDir('root-b');
    mkdirSync(join(second, 'inside'));
    writeFileSync(join(second, 'inside', 'note.txt'), 'in the second folder');
    const h = createTestManager();
    harness = h;
    const command = {
      command: process.execPath,
      args: [packageBin('@modelcontextprotocol/server-filesystem')],
    };
    await harness.manager.save({
      name: 'files',
      roots: [first],
      transport: { type: 'stdio', ...command, env: [] },
    });
    const status = await harness.manager.approveLaunch(
      'files',
      harness.manager.reviewLaunch('files').fingerprint,
    );
    expect(status.state).toBe('ready');
    await expect
      .poll(
        async () =>
          allowedFolders(await h.manager.callTool('files', 'list_allowed_directories', {})),
        { timeout: 10_000 },
      )
      .toContain(first);
    const pid = harness.manager.list()[0]?.status.pid;

    const config = harness.manager.store.get('files');
    if (!config) throw new Error('saved config missing');
    await harness.manager.save({ ...config, roots: [second] }, 'files');
    await expect
      .poll(
        async () =>
          allowedFolders(await h.manager.callTool('files', 'list_allowed_directories', {})),
        { timeout: 10_000 },
      )
      .toContain(second);
    expect(harness.manager.list()[0]?.status.pid).toBe(pid);
    expect(
      harness.manager.logs('files').some((entry) => entry.text.includes('folders (roots) changed')),
    ).toBe(true);
    const read = await harness.manager.callTool('files', 'read_text_file', {
      path: join(second, 'inside', 'note.txt'),
    });
    expect(read.ok && read.result.content[0]).toMatchObject({ text: 'in the second folder' });
  });
});
