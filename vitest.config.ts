import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', './tests/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
