import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/serveProcess';
import { tempDir } from '../support/testHost';

// Opening the history loads `node:sqlite`, which makes Node print an ExperimentalWarning on
// every start. Hearth drops exactly that one; other warnings still reach the terminal.
describe("Node's SQLite warning", () => {
  it('is not printed when the history opens, while other warnings still are', () => {
    const program = `
      const { openDatabase } = await import(${JSON.stringify(join(REPO_ROOT, 'electron/core/history/openDatabase.ts'))});
      openDatabase({ dataDir: process.argv[1], onProblem: () => {}, now: () => new Date() }).close();
      process.emitWarning('Something else is experimental', 'ExperimentalWarning');
      process.stdout.write('opened');
    `;
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', program, tempDir('sqlite-warning')],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.stdout, result.stderr).toBe('opened');
    expect(result.stderr).not.toMatch(/SQLite is an experimental feature/);
    expect(result.stderr).toMatch(/ExperimentalWarning: Something else is experimental/);
  });
});
