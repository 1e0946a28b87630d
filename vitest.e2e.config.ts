import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    reporters: ['default', './tests/summary-reporter.ts'],
    // One Chromium at a time: these machines have two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for something to happen, never times it (1 s by default): on these shared
    // two-core machines that budget failed tests under load. Speed targets live in bench/.
    expect: { poll: { timeout: 10_000 } },
  },
})
