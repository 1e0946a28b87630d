import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // The CLI speaks the language of LC_ALL, else LC_MESSAGES, else LANG (main/cli/cli-language.ts):
    // the suite pins English messages whatever the developer's shell says, and leaves the
    // character set alone. The Russian tests set their own.
    env: { LC_ALL: '', LC_MESSAGES: 'C' },
    reporters: ['default', './tests/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for something to happen, never times it (1 s by default): on these shared
    // two-core machines that budget failed tests under load. Speed targets live in bench/.
    expect: { poll: { timeout: 10_000 } },
  },
})
