import '../../preload/contract/platform/zod-jitless'
import { createPinia } from 'pinia'
import { createApp, watchEffect } from 'vue'
import App from './app/App.vue'
import { i18n } from './platform/i18n'
import { router } from './app/router'
import { historyEntryActions } from './app/history-entry-actions'
import { HISTORY_ENTRY_ACTIONS } from './platform/history-entry-actions'

// Screen readers and spell checkers follow the page's language.
watchEffect(() => (document.documentElement.lang = i18n.global.locale.value))

createApp(App)
  .use(createPinia())
  .use(i18n)
  .use(router)
  .provide(HISTORY_ENTRY_ACTIONS, historyEntryActions)
  .mount('#app')
