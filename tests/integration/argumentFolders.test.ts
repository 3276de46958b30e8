/**
 * A folder a sandboxed server's own arguments name (server-filesystem's allowed directory) is
 * offered in its launch review, and once chosen with the approval the real server, in the real
 * OS sandbox, writes there at its first start. Judged on the disk, not by the server's word.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerSandbox, defaultSandboxPolicy } from '../../electron/core/sandbox';
import { createTestManager, type TestManager } from '../support/managerHarness';
import { managersDisposedAfterEach, sandboxWorks } from '../support/sandboxHarness';
import { filesystemServer } from '../support/mcpFixtures';
import { tempDir } from '../support/testHost';

const managers = managersDisposedAfterEach();

async function setup() {
  const home = tempDir('argument-folders-home');
  const project = join(home, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'readme.txt'), 'hello');
  const dataDir = tempDir('argument-folders-data');
  const sandbox = createServerSandbox({ dataDir, home, platform: process.platform });
  const tm = createTestManager({ dataDir, environment: { ...process.env, HOME: home }, sandbox });
  managers.push(tm);
  const server = filesystemServer(project);
  await tm.manager.save({
    name: 'files',
    transport: {
      type: 'stdio',
      command: server.command,
      args: server.args,
      env: [],
      sandbox: defaultSandboxPolicy(),
    },
  });
  return { tm, project };
}

const writeNote = (tm: TestManager, project: string) =>
  tm.manager.callTool('files', 'write_file', {
    path: join(project, 'note.txt'),
    content: 'written where I pointed it',
  });

describe.skipIf(!sandboxWorks)('a folder the server’s arguments name', () => {
  it('is offered in its review; chosen, the server writes there at its first start', async () => {
    const { tm, project } = await setup();
    const review = tm.manager.reviewLaunch('files');
    expect(review.sandbox?.argumentFolders).toEqual([{ path: project, broad: false }]);
    expect(review.sandbox?.writable).not.toContain(project);

    const status = await tm.manager.approveLaunch('files', review.fingerprint, [project]);
    expect(status.state, status.error).toBe('ready');
    expect(status.consent).toBe('approved');
    const outcome = await writeNote(tm, project);
    expect(outcome.ok && outcome.result.isError !== true, JSON.stringify(outcome)).toBe(true);
    expect(readFileSync(join(project, 'note.txt'), 'utf8')).toBe('written where I pointed it');
    // Kept in its policy, and offered no more.
    expect(tm.manager.reviewLaunch('files').sandbox?.argumentFolders).toBeUndefined();
    expect(tm.manager.reviewLaunch('files').reason).toBe('approved');
  }, 60_000);

  it('left unchosen, the sandbox still refuses the write', async () => {
    const { tm, project } = await setup();
    const review = tm.manager.reviewLaunch('files');
    expect((await tm.manager.approveLaunch('files', review.fingerprint)).state).toBe('ready');
    const outcome = await writeNote(tm, project);
    expect(outcome.ok && outcome.result.isError !== true).toBe(false);
    expect(existsSync(join(project, 'note.txt'))).toBe(false);
  }, 60_000);

  it('a folder the review did not offer is refused, and nothing is approved', async () => {
    const { tm } = await setup();
    const review = tm.manager.reviewLaunch('files');
    await expect(tm.manager.approveLaunch('files', review.fingerprint, ['/etc'])).rejects.toThrow(
      /offered no write folder “\/etc”/,
    );
    expect(tm.manager.reviewLaunch('files').reason).toBe('new');
  });
});
