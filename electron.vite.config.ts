import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  main: {
    build: {
      // DuckDB's JavaScript API in the query process's bundle: loading its 120 CommonJS modules
      // took about 60 ms of each query process's start (its native binding stays external).
      externalizeDeps: { exclude: ['@duckdb/node-api'], include: ['@duckdb/node-bindings'] },
      rollupOptions: {
        // The scripts main starts in a worker thread or a utility process (main/workers).
        input: {
          index: resolve('main/index.ts'),
          'row-index-worker': resolve('main/csv/row-index-worker.ts'),
          'query-process': resolve('main/reports/query/query-process.ts'),
          'sandbox-process': resolve('main/sandbox/process/sandbox-process.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require packages: bundle zod in, as one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    build: { rollupOptions: { input: resolve('renderer/index.html') } },
    plugins: [vue()],
  },
})
