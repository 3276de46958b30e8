/** A real temporary folder per test, removed afterwards, for stores that write files. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** Returns a getter for the current test's folder; a fresh one is made before each test. */
export function useTempFolder(): () => string {
  let folder: string | undefined;
  beforeEach(() => {
    folder = mkdtempSync(join(os.tmpdir(), 'hearth-'));
  });
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });
  return () => {
    if (!folder) throw new Error('The temporary folder exists only inside a test.');
    return folder;
  };
}
