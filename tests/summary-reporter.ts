import type { Reporter, TestModule } from 'vitest/node'

/** Prints the plain closing line ("vitest: N passed, N failed, N skipped") that CI reads. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const testModule of testModules) {
      // A file that fails to load has no tests but is still a failure.
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) {
        counts.failed += 1
      }
      for (const test of testModule.children.allTests()) {
        const state = test.result().state
        if (state === 'passed' || state === 'failed' || state === 'skipped') counts[state] += 1
      }
    }
    process.stdout.write(
      `\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    )
  }
}
