import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one closing line `N passed, N failed, N skipped` so tools that read a run's last line (CI) see
 * the counts, whatever vitest's own summary looks like.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed outside its tests (an import error, a failing beforeAll) counts as a failure
      // even though its tests show as skipped.
      if (module.state() === 'failed' && !Array.from(module.children.allTests()).some((t) => t.result().state === 'failed')) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
