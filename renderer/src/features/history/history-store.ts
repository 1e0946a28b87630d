import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { HistoryEntryView } from '../../../../preload/contract/history/history-channels'
import { BridgeError, call } from '../../platform/bridge'
import { i18n } from '../../platform/i18n'
import { dialogText } from '../../platform/i18n/dialog-filters'
import { noCriteria, sameCriteria, toQuery, type HistoryCriteria } from './history-query'
import { onTeamChange } from '../../platform/workspace/team-changes'

export const PAGE_SIZES = [25, 50, 100, 200] as const

const copy = (criteria: HistoryCriteria): HistoryCriteria => ({
  ...criteria,
  days: criteria.days && [criteria.days[0], criteria.days[1]],
})

/**
 * The History screen's filters, page and last result, kept here so leaving the screen and coming
 * back shows the same search. `applied` is what the shown results were searched with; `draft` is
 * what the filter boxes hold, applied as a whole by Enter, Search, an outcome or days picked, or a
 * box cleared.
 */
export const useHistoryStore = defineStore('history', () => {
  const draft = ref<HistoryCriteria>(noCriteria())
  const applied = ref<HistoryCriteria>(noCriteria())
  const page = ref(1)
  const pageSize = ref<number>(PAGE_SIZES[0])
  const entries = ref<HistoryEntryView[]>([])
  const total = ref(0)
  const loading = ref(false)
  const failure = ref<string | null>(null)
  let latest = 0

  const filtered = computed(() => Object.keys(toQuery(applied.value)).length > 0)
  /** The boxes hold something not searched for yet. */
  const pending = computed(() => !sameCriteria(draft.value, applied.value))

  async function load(): Promise<void> {
    searched = true
    const request = ++latest
    loading.value = true
    try {
      const result = await call('history:search', {
        ...toQuery(applied.value),
        limit: pageSize.value,
        offset: (page.value - 1) * pageSize.value,
      })
      if (request !== latest) return
      entries.value = result.entries
      total.value = result.total
      failure.value = null
    } catch (error) {
      if (request !== latest) return
      failure.value = explain(error)
    } finally {
      if (request === latest) loading.value = false
    }
  }

  // Another desk's send shows without a refresh, once this screen has searched.
  let searched = false
  onTeamChange(['history'], () => searched && load())

  /** Searches with everything the filter boxes hold now, from the first page. */
  function search(): Promise<void> {
    applied.value = copy(draft.value)
    page.value = 1
    return load()
  }

  function clear(): Promise<void> {
    draft.value = noCriteria()
    return search()
  }

  /** Puts the applied filters back in the boxes, dropping anything typed but not searched for. */
  function revert(): void {
    draft.value = copy(applied.value)
  }

  /** Saves what the shown results were searched with, every page of it, as CSV (main's dialog). */
  const exportCsv = () =>
    call('history:export', {
      ...toQuery(applied.value),
      ...dialogText(i18n.global.t('history.dialogs.export')),
    })

  function goTo(next: number): Promise<void> {
    page.value = next
    return load()
  }

  function resize(size: number): Promise<void> {
    pageSize.value = size
    page.value = 1
    return load()
  }

  return {
    draft,
    applied,
    pending,
    page,
    pageSize,
    entries,
    total,
    loading,
    failure,
    filtered,
    load,
    search,
    clear,
    revert,
    exportCsv,
    goTo,
    resize,
  }
})

const FIELD_LABELS = {
  text: 'history.filters.find',
  operation: 'history.fields.operation',
  environmentId: 'history.fields.environment',
  outcome: 'history.fields.outcome',
  from: 'history.fields.from',
  to: 'history.fields.to',
  limit: 'history.fields.limit',
  offset: 'history.fields.offset',
} as const

const fieldLabel = (path: string) =>
  path in FIELD_LABELS ? i18n.global.t(FIELD_LABELS[path as keyof typeof FIELD_LABELS]) : path

/** Main's message; for a refused search, which filter is at fault and why. */
function explain(error: unknown): string {
  if (error instanceof BridgeError && error.detail.issues?.length) {
    const fields = error.detail.issues.map(
      (issue) => `${fieldLabel(issue.path)}: ${issue.message.replace(/\.$/, '')}`,
    )
    return i18n.global.t('history.searchFailed', { problems: fields.join('. ') })
  }
  return (error as Error).message
}
