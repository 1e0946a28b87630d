import vue from '@vitejs/plugin-vue'
export default { root: '/work/main/renderer', plugins: [vue()], base: './', build: { outDir: '/tmp/h11/renderer-new', emptyOutDir: true }, logLevel: 'warn' }
