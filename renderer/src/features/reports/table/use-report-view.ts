import { computed, onBeforeUnmount, ref, shallowRef, watch } from 'vue'
import type {
  ReportHeadView,
  ReportStateView,
} from '../../../../../preload/contract/reports/report-channels'
import type {
  ColumnFilter,
  ReportTotals,
  SortKey,
  ViewQuery,
} from '../../../../../preload/contract/reports/report-view'
import { call } from '../../../platform/bridge'
import { i18n } from '../../../platform/i18n'
import type { CopyRequest } from './grid-column'

/** Typing in the quick search waits this long for a pause before it queries. */
const SEARCH_DEBOUNCE_MS = 300

const sameQuery = (a: ViewQuery, b: ViewQuery) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The view of an open report as main holds it: its state, the sort, filters and search the user
 * asks for, and the exact totals. `generation` changes whenever the view's rows do.
 */
export function useReportView(head: ReportHeadView) {
  const reportId = head.reportId
  const state = shallowRef<ReportStateView>({
    rowCount: head.rows.length,
    fileRowCount: null,
    columnTypes: head.columnTypes,
    problems: [],
    problemCount: 0,
    query: { sort: [], filters: [] },
  })
  const generation = ref(0)
  const sort = ref<SortKey[]>([])
  const filters = ref<ColumnFilter[]>([])
  const search = ref('')
  const querying = ref(false)
  const error = ref<string | null>(null)
  const totals = shallowRef<ReportTotals | null>(null)
  const totalsError = ref<string | null>(null)

  function applyState(next: ReportStateView) {
    const viewChanged = !sameQuery(next.query, state.value.query)
    const grew = next.fileRowCount !== state.value.fileRowCount
    state.value = next
    if (viewChanged) generation.value++
    if (viewChanged || grew) void loadTotals()
  }

  async function refreshState() {
    try {
      applyState(await call('reports:state', { reportId }))
    } catch (cause) {
      error.value = (cause as Error).message
    }
  }

  // Only the newest query's answer counts: main aborts the ones it supersedes.
  let querySeq = 0
  async function runQuery() {
    const seq = ++querySeq
    const query: ViewQuery = { sort: sort.value, filters: filters.value }
    const words = search.value.trim()
    if (words) query.search = words
    querying.value = true
    try {
      const next = await call('reports:query', { reportId, query })
      if (seq !== querySeq) return
      error.value = null
      applyState(next)
    } catch (cause) {
      if (seq === querySeq) {
        const reason = (cause as Error).message
        error.value = i18n.global.t('reports.table.viewFailed', { reason })
      }
    } finally {
      if (seq === querySeq) querying.value = false
    }
  }

  let totalsSeq = 0
  async function loadTotals() {
    const seq = ++totalsSeq
    totals.value = null
    totalsError.value = null
    try {
      const next = await call('reports:totals', { reportId })
      if (seq === totalsSeq) totals.value = next
    } catch (cause) {
      if (seq === totalsSeq) totalsError.value = (cause as Error).message
    }
  }

  let searchTimer: ReturnType<typeof setTimeout> | undefined
  watch(search, () => {
    clearTimeout(searchTimer)
    searchTimer = setTimeout(() => void runQuery(), SEARCH_DEBOUNCE_MS)
  })
  onBeforeUnmount(() => clearTimeout(searchTimer))

  function setSort(next: SortKey[]) {
    sort.value = next
    void runQuery()
  }

  /** Sets (or with null, clears) the filter of one column. */
  function setFilter(column: number, filter: ColumnFilter | null) {
    filters.value = [
      ...filters.value.filter((other) => other.column !== column),
      ...(filter ? [filter] : []),
    ]
    void runQuery()
  }

  /** Shows the view `query` describes (a saved view applied), in one query. */
  function applyQuery(query: ViewQuery) {
    sort.value = query.sort
    filters.value = query.filters
    search.value = query.search ?? ''
    void runQuery()
  }

  /** Removes every filter at once, in one query. */
  function clearFilters() {
    filters.value = []
    void runQuery()
  }

  const filterOf = (column: number) => filters.value.find((filter) => filter.column === column)

  /** The view's rows and columns that `request` picks, as text for the clipboard. */
  const copyText = async (request: CopyRequest) =>
    (await call('reports:copy', { reportId, ...request })).text
  const indexed = computed(() => state.value.fileRowCount !== null)

  return {
    reportId,
    state,
    indexed,
    generation,
    sort,
    search,
    querying,
    error,
    totals,
    totalsError,
    refreshState,
    setSort,
    setFilter,
    clearFilters,
    applyQuery,
    filterOf,
    copyText,
  }
}
