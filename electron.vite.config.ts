import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'
import { SCRIPT_ENTRIES } from './main/platform/workers/entries'
import { buildSelfContainedScripts } from './scripts/self-contained-scripts.mjs'

/** After main's bundle, the scripts it starts in threads and processes, into out/scripts. */
function selfContainedScripts(): Plugin {
  let target: string | string[] | false = false
  return {
    name: 'self-contained-scripts',
    configResolved: (config) => void (target = config.build.target),
    closeBundle: () =>
      buildSelfContainedScripts({
        entries: SCRIPT_ENTRIES,
        root: resolve('.'),
        outdir: resolve('out/scripts'),
        target,
      }),
  }
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve('main/app/index.ts') } },
    },
    // The scripts main starts in a worker thread or a utility process (main/platform/workers/
    // entries.ts), each on its own: the package starts them from outside its asar.
    plugins: [selfContainedScripts()],
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
