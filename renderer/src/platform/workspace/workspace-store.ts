import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type {
  TeamRight,
  WorkspaceStatusView,
} from '../../../../preload/contract/workspace/workspace'
import { call } from '../bridge'
import { i18n } from '../i18n'

/** Rights the team server must be reached for: what a desk offline refuses to do. */
const NEEDS_SERVER: readonly GatedRight[] = ['send', 'bulk']

/** What the window may hold back for a role or while offline (reading is always open). */
export type GatedRight = Exclude<TeamRight, 'reports' | 'history'>

/**
 * Where this desk works (its local workspace, or the team's: reachable or not, its role), kept
 * current by main's status-changed event, and why an action is not open to it. The password
 * never passes through here: the connection form hands it to main itself.
 */
export const useWorkspaceStore = defineStore('workspace', () => {
  const status = ref<WorkspaceStatusView | null>(null)
  const loadError = ref<string | null>(null)

  async function load(): Promise<void> {
    try {
      status.value = await call('workspace:status')
      loadError.value = null
    } catch (error) {
      loadError.value = (error as Error).message
    }
  }
  window.gatedesk.on('workspace:status-changed', (changed) => (status.value = changed))

  const offline = computed(() => status.value?.workspace === 'team' && !status.value.reachable)

  /**
   * Why this desk may not do `right` now, in the window's language; null when it may. The
   * database refuses as well: this only keeps the window from offering what would fail.
   */
  function refusal(right: GatedRight): string | null {
    const now = status.value
    if (now === null || now.workspace === 'local') return null
    const t = i18n.global.t
    if (!now.reachable) return NEEDS_SERVER.includes(right) ? t('workspace.refusal.offline') : null
    if (!now.rights.includes(right)) {
      return t('workspace.refusal.role', {
        role: t(`workspace.roles.${now.role ?? 'none'}`),
        action: t(`workspace.refusal.actions.${right}`),
      })
    }
    // This screen's jobs run on the desk's own journal, which the team's trail would not see.
    return right === 'bulk' ? t('workspace.refusal.bulkFromCommandLine') : null
  }

  async function disconnect(): Promise<void> {
    await call('workspace:disconnect')
    await load()
  }

  return { status, loadError, offline, load, refusal, disconnect }
})
