import { defineConfig } from 'vitest/config'
export default defineConfig({
  test: {
    root: '/work/main',
    include: ['tests/e2e/zz-profile-pdf.scratch.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
})
