import { onBeforeUnmount, watch } from 'vue'
import type { SavedViewContent } from '../../../../../preload/contract/reports/saved-views'
import { call } from '../../../platform/bridge'

/** Quiet time before the view is sent: a column dragged wide is one change, not fifty. */
const SETTLE_MS = 500

/**
 * Keeps main told of the view the report is seen with (columns, sort, filters, search, pivot),
 * so opening it again from the recent list brings that view back. A view not kept costs the user
 * nothing now, so a failure is not shown.
 */
export function useRecentView(reportId: string, current: () => SavedViewContent): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const send = (view: SavedViewContent) =>
    call('recent-reports:remember-view', { reportId, view }).catch(() => undefined)
  watch(
    () => JSON.stringify(current()),
    () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        timer = undefined
        void send(current())
      }, SETTLE_MS)
    },
  )
  // Closed before it settled: the last change is still kept.
  onBeforeUnmount(() => {
    if (timer === undefined) return
    clearTimeout(timer)
    void send(current())
  })
}
