import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  main: {
    build: { rollupOptions: { input: { index: resolve('main/index.ts') } } },
  },
  renderer: {
    root: 'renderer',
    build: { rollupOptions: { input: resolve('renderer/index.html') } },
    plugins: [vue()],
  },
})
