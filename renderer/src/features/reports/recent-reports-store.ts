import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { RecentReport } from '../../../../preload/contract/reports/recent-reports'
import { call } from '../../platform/bridge'
import type { Explained } from '../../../../preload/contract/platform/explained'
import { explainMain } from '../../platform/i18n'
import { useReportsStore } from './reports-store'

/**
 * Open recent: the reports main remembers as opened lately (newest first), read again whenever
 * main says the list changed, and opening one with the view it was last seen with.
 */
export const useRecentReportsStore = defineStore('recent-reports', () => {
  const entries = ref<RecentReport[]>([])
  const loadError = ref<string | null>(null)
  /** Why an entry did not open (its file is gone), by entry id: worded when shown. */
  const problems = ref<Record<string, Explained>>({})

  async function load(): Promise<void> {
    try {
      entries.value = (await call('recent-reports:list')).entries
      loadError.value = null
    } catch (error) {
      loadError.value = (error as Error).message
    }
  }
  window.gatedesk.on('recent-reports:changed', () => void load())

  /** Opens the entry on the Result tab; true when it opened, else why not is under it. */
  async function open(id: string): Promise<boolean> {
    const reports = useReportsStore()
    problems.value = Object.fromEntries(
      Object.entries(problems.value).filter(([entryId]) => entryId !== id),
    )
    try {
      const answer = await call('recent-reports:open', { id })
      if (answer.status === 'gone') {
        await load()
        return false
      }
      if (answer.status === 'missing') {
        problems.value = { ...problems.value, [id]: answer }
        entries.value = entries.value.map((entry) =>
          entry.id === id ? { ...entry, missing: true } : entry,
        )
        return false
      }
      const { result, view, templateId } = answer
      await reports.show(result, templateId ? 'run' : 'file', templateId ?? undefined, view)
      return true
    } catch (error) {
      problems.value = { ...problems.value, [id]: { message: (error as Error).message } }
      return false
    }
  }

  /** Chosen in the File menu: opened as from the list; why not above the Reports screen. */
  async function openFromMenu(id: string): Promise<void> {
    if (await open(id)) return
    const problem = problems.value[id]
    if (problem) useReportsStore().openError = explainMain(problem)
  }

  async function remove(id: string): Promise<void> {
    await call('recent-reports:remove', { id })
    await load()
  }

  async function clear(): Promise<void> {
    await call('recent-reports:clear')
    await load()
  }

  /** Why the entry did not open, in the window's language; null when it did. */
  const problemOf = (id: string) => {
    const problem = problems.value[id]
    return problem ? explainMain(problem) : null
  }

  return { entries, loadError, problemOf, load, open, openFromMenu, remove, clear }
})
