/**
 * What the tests of the real OS sandbox share: whether it can run here, and managers that are
 * disposed after each test, with the sandbox's session (its proxies) stopped after the file.
 */
import { existsSync } from 'node:fs';
import { afterAll, afterEach } from 'vitest';
import { resetSandboxSession } from '../../electron/core/sandbox';
import type { TestManager } from './managerHarness';

/** bubblewrap on Linux, where the real sandbox runs. */
export const sandboxWorks = process.platform === 'linux' && existsSync('/usr/bin/bwrap');

/** A list to push each test's managers to: they are disposed after it. Call once per file. */
export function managersDisposedAfterEach(): TestManager[] {
  const managers: TestManager[] = [];
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((tm) => tm.manager.dispose()));
  });
  afterAll(resetSandboxSession);
  return managers;
}
