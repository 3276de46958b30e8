/**
 * Ends every run with one plain line, `Tests: N passed, N failed, N skipped`, that any CI can
 * read, and lists why each skipped test was skipped (for example, no Electron binary here).
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const reasons: string[] = [];
    for (const module of testModules) {
      // A file that fails to load has no tests to count, but it is a failure all the same.
      if (module.errors().length > 0) failed++;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failed++;
        else if (result.state === 'skipped') {
          skipped++;
          reasons.push(`  skipped: ${test.fullName}${result.note ? ` (${result.note})` : ''}`);
        }
      }
    }
    const lines = ['', ...reasons, `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
