import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import { sections, type SectionId } from './sections'
import BulkView from '../features/bulk/BulkView.vue'
import HistoryView from '../features/history/HistoryView.vue'
import KeysView from '../features/environments/KeysView.vue'
import RecurringView from '../features/recurring/RecurringView.vue'
import ReportsView from '../features/reports/ReportsView.vue'
import SandboxView from '../features/sandbox/SandboxView.vue'
import WorkspaceView from '../features/workspace/WorkspaceView.vue'

// Every section has its screen: a section added without one does not type-check.
const screens: Record<SectionId, typeof KeysView> = {
  recurring: RecurringView,
  reports: ReportsView,
  bulk: BulkView,
  keys: KeysView,
  sandbox: SandboxView,
  history: HistoryView,
  workspace: WorkspaceView,
}

export const router = createRouter({
  // Hash history works the same from the dev server and from the packaged app's own protocol.
  history: createWebHashHistory(),
  routes: [
    { path: '/', redirect: sections[0].path },
    ...sections.map((section): RouteRecordRaw => ({
      path: section.path,
      component: screens[section.id],
    })),
  ],
})
