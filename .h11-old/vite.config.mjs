import vue from '@vitejs/plugin-vue'
export default { root: '/work/main/.h11-old/renderer', plugins: [vue()], base: './', build: { outDir: '/tmp/h11/renderer-old', emptyOutDir: true }, logLevel: 'warn' }
