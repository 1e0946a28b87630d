import '../../preload/contract/zod-jitless'
import { createPinia } from 'pinia'
import { createApp, watchEffect } from 'vue'
import App from './App.vue'
import { i18n } from './i18n'
import { router } from './router'

// Screen readers and spell checkers follow the page's language.
watchEffect(() => (document.documentElement.lang = i18n.global.locale.value))

createApp(App).use(createPinia()).use(i18n).use(router).mount('#app')
