import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import { SCRIPT_ENTRIES } from './main/platform/workers/entries'

export default defineConfig({
  main: {
    build: {
      // DuckDB's JavaScript API in the query process's bundle: loading its 120 CommonJS modules
      // took about 60 ms of each query process's start (its native binding stays external).
      externalizeDeps: { exclude: ['@duckdb/node-api'], include: ['@duckdb/node-bindings'] },
      rollupOptions: {
        // The scripts main starts in a worker thread or a utility process (main/platform/workers/entries.ts).
        input: {
          index: resolve('main/app/index.ts'),
          ...Object.fromEntries(
            Object.entries(SCRIPT_ENTRIES).map(([name, { source }]) => [name, resolve(source)]),
          ),
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
