import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type {
  HISTORY_OUTCOMES,
  HistoryEntryView,
  HistoryQueryInput,
} from '../../../../preload/contract/history-channels'
import { BridgeError, call } from '../../bridge'

export type HistoryOutcome = (typeof HISTORY_OUTCOMES)[number]

/** What the staff member typed or picked; applied on Enter, Search, or a select change. */
export interface HistoryFilters {
  profileId: string
  orderId: string
  outcome: HistoryOutcome | null
  /** The first and the last day to include, as the date range picker gives them. */
  days: [number, number] | null
}

export const PAGE_SIZES = [25, 50, 100, 200] as const

const noFilters = (): HistoryFilters => ({ profileId: '', orderId: '', outcome: null, days: null })

/** Midnight starting the given instant's day, in local time. */
function startOfDay(instant: number): Date {
  const day = new Date(instant)
  day.setHours(0, 0, 0, 0)
  return day
}

/** Midnight ending the given instant's day, in local time (the next day's start). */
function endOfDay(instant: number): Date {
  const next = startOfDay(instant)
  next.setDate(next.getDate() + 1)
  return next
}

/** The query main understands: trimmed texts, and the date range as ISO instants (end excluded). */
export function toQuery(filters: HistoryFilters): HistoryQueryInput {
  const query: HistoryQueryInput = {}
  const profileId = filters.profileId.trim()
  const orderId = filters.orderId.trim()
  if (profileId) query.profileId = profileId
  if (orderId) query.orderId = orderId
  if (filters.outcome) query.outcome = filters.outcome
  if (filters.days) {
    query.from = startOfDay(filters.days[0]).toISOString()
    query.to = endOfDay(filters.days[1]).toISOString()
  }
  return query
}

/**
 * The History screen's filters, page and last result, kept here so leaving the screen and coming
 * back shows the same search.
 */
export const useHistoryStore = defineStore('history', () => {
  const filters = ref<HistoryFilters>(noFilters())
  const applied = ref<HistoryFilters>(noFilters())
  const page = ref(1)
  const pageSize = ref<number>(PAGE_SIZES[0])
  const entries = ref<HistoryEntryView[]>([])
  const total = ref(0)
  const loading = ref(false)
  const failure = ref<string | null>(null)
  let latest = 0

  const filtered = computed(() => Object.keys(toQuery(applied.value)).length > 0)

  async function load(): Promise<void> {
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

  /** Searches with what the filters say now, from the first page. */
  function search(): Promise<void> {
    applied.value = { ...filters.value }
    page.value = 1
    return load()
  }

  function clear(): Promise<void> {
    filters.value = noFilters()
    return search()
  }

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
    filters,
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
    goTo,
    resize,
  }
})

const FIELD_LABELS: Record<string, string> = {
  profileId: 'Profile ID',
  orderId: 'Order ID',
  outcome: 'Outcome',
  from: 'From',
  to: 'To',
  limit: 'Page size',
  offset: 'Page',
}

/** Main's message; for a refused search, which filter is at fault and why. */
function explain(error: unknown): string {
  if (error instanceof BridgeError && error.detail.issues?.length) {
    const fields = error.detail.issues.map(
      (issue) => `${FIELD_LABELS[issue.path] ?? issue.path}: ${issue.message.replace(/\.$/, '')}`,
    )
    return `The search could not run. ${fields.join('. ')}.`
  }
  return (error as Error).message
}
