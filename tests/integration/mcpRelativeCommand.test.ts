import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestManager, type TestManager } from '../support/managerHarness';
import { fixtureServerPath } from '../support/mcpFixtures';
import { tempDir } from '../support/testHost';

// A relative command in a server's config (`./server.sh`), launched as a real script: it is
// looked up in the server's working folder, never in the folder Hearth itself was started in.
let harness: TestManager | undefined;
let started: string;
afterEach(async () => {
  await harness?.manager.dispose();
  harness = undefined;
  if (started) process.chdir(started);
});

/** A `server.sh` in `folder` that starts the fixture server under the name `name`. */
function script(folder: string, name: string): void {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'server.sh');
  writeFileSync(
    file,
    `#!/bin/sh\nexec "${process.execPath}" "${fixtureServerPath}" --name=${name} --tools=echo\n`,
  );
  chmodSync(file, 0o755);
}

/** Hearth started in a folder that holds its own `server.sh`, which must never be the one run. */
function startHearthBesideADecoy(): void {
  const decoy = join(tempDir('hearth-start'), 'here');
  script(decoy, 'decoy');
  started = process.cwd();
  process.chdir(decoy);
}

async function save(h: TestManager, cwd?: string): Promise<void> {
  await h.manager.save({
    name: 'scripted',
    transport: {
      type: 'stdio',
      command: './server.sh',
      args: [],
      env: [],
      ...(cwd ? { cwd } : {}),
    },
  });
}

describe('a relative command in a server config', () => {
  it("runs the script in the server's working folder, not the one where Hearth started", async () => {
    startHearthBesideADecoy();
    const project = join(tempDir('project'), 'tools');
    script(project, 'project-script');
    harness = createTestManager();
    await save(harness, project);
    const review = harness.manager.reviewLaunch('scripted');
    const status = await harness.manager.approveLaunch('scripted', review.fingerprint);
    expect(status.state).toBe('ready');
    const outcome = await harness.manager.callTool('scripted', 'echo', { text: 'where am I' });
    expect(outcome.ok).toBe(true);
    // The fixture names itself in its server info: the project's script ran, not the decoy.
    expect(status.serverInfo?.name).toBe('project-script');
  });

  it('refuses with a clear message when the server has no working folder', async () => {
    startHearthBesideADecoy();
    harness = createTestManager();
    await save(harness);
    const review = harness.manager.reviewLaunch('scripted');
    const status = await harness.manager.approveLaunch('scripted', review.fingerprint);
    expect(status.state).not.toBe('ready');
    const said = [status.error ?? '', ...harness.manager.logs('scripted').map((e) => e.text)];
    expect(said.join('\n')).toMatch(
      /“\.\/server\.sh” is a relative path, and the server has no working folder to find it from/,
    );
  });
});
