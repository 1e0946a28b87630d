import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import { sections } from './sections'
import SectionPlaceholder from './views/SectionPlaceholder.vue'
import BulkView from './views/bulk/BulkView.vue'
import HistoryView from './views/history/HistoryView.vue'
import KeysView from './views/keys/KeysView.vue'
import RecurringView from './views/recurring/RecurringView.vue'
import ReportsView from './views/reports/ReportsView.vue'
import SandboxView from './views/sandbox/SandboxView.vue'

// Sections with a screen of their own; the others show their placeholder until built.
const screens: Record<string, typeof KeysView> = {
  '/recurring': RecurringView,
  '/reports': ReportsView,
  '/bulk': BulkView,
  '/keys': KeysView,
  '/sandbox': SandboxView,
  '/history': HistoryView,
}

export const router = createRouter({
  // Hash history works the same from the dev server and from the packaged app's own protocol.
  history: createWebHashHistory(),
  routes: [
    { path: '/', redirect: sections[0].path },
    ...sections.map((section): RouteRecordRaw => {
      const screen = screens[section.path]
      return screen
        ? { path: section.path, component: screen }
        : {
            path: section.path,
            component: SectionPlaceholder,
            props: { section: section.id },
          }
    }),
  ],
})
