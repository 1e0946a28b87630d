import { ref, type Ref } from 'vue'
import { call } from '../../../platform/bridge'
import { i18n } from '../../../platform/i18n'
import { RowCache } from './row-cache'

/**
 * The rows of the current view as the grid scrolls: one `reports:rows` round trip at a time, for
 * the newest window wanted, so a fast scroll never queues requests for rows long gone by.
 */
export function useRowWindows(options: {
  reportId: string
  rowCount: Ref<number>
  /** Changes whenever the view's rows do (a sort, a filter): the cache is then dropped. */
  generation: Ref<number>
  /** The first rows, known before anything is fetched (those of the file's head). */
  headRows: string[][]
  onError: (message: string) => void
}) {
  const cache = new RowCache()
  let cached = options.generation.value
  cache.put(0, options.headRows)
  /** Changes whenever rows arrive: the grid re-reads the cache then. */
  const received = ref(0)
  let wanted: { from: number; to: number } | null = null
  let fetching = false

  /** Drops the rows of an older view, and with them any answer still on its way. */
  function current(): number {
    if (cached !== options.generation.value) {
      cached = options.generation.value
      cache.clear()
      fetching = false
    }
    return cached
  }

  async function pump(): Promise<void> {
    const mine = current()
    if (fetching || !wanted) return
    const span = cache.missing(wanted.from, wanted.to, options.rowCount.value)
    if (!span) return
    fetching = true
    try {
      const { rows } = await call('reports:rows', { reportId: options.reportId, ...span })
      if (mine !== current()) return
      cache.put(span.from, rows)
      received.value++
    } catch (error) {
      if (mine !== current()) return
      options.onError(
        i18n.global.t('reports.table.rowsFailed', { reason: (error as Error).message }),
      )
      // The next scroll asks again; retrying at once would only fail again.
      wanted = null
      return
    } finally {
      if (mine === cached) fetching = false
    }
    void pump()
  }

  /** Rows [from, to) are on screen (with overscan): fetch what is missing. */
  function want(from: number, to: number): void {
    wanted = { from, to }
    void pump()
  }

  /** A row of the current view, when it has arrived. */
  function row(index: number): string[] | undefined {
    // Read so that the grid renders again as rows arrive (current() reads the generation).
    void received.value
    current()
    return cache.row(index)
  }

  return { want, row }
}
