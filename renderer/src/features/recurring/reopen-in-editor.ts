import { useRouter } from 'vue-router'
import type { HistoryEntryView } from '../../../../preload/contract/history/history-channels'
import { useEnvironmentsStore } from '../../platform/environments/environments-store'
import { useRecurringDraftStore } from './recurring-draft'

export const canReopen = (entry: HistoryEntryView) =>
  entry.operation === 'update-recurring-payment' && entry.parameters.length > 0

/**
 * "Open in the editor" from History: the entry's update goes back into the Recurring form, on the
 * environment it was sent to, under a new order ID. Nothing is sent until the user sends it; the
 * card number, CVV2 and SSN were never kept whole, so they are asked for again.
 */
export function useReopenInEditor() {
  const router = useRouter()
  const draft = useRecurringDraftStore()
  const environments = useEnvironmentsStore()

  return async function reopen(entry: HistoryEntryView): Promise<boolean> {
    if (!canReopen(entry)) return false
    draft.reopen(entry.id, entry.parameters)
    if (environments.list.some((environment) => environment.id === entry.environmentId)) {
      environments.select(entry.environmentId)
    }
    await router.push('/recurring')
    return true
  }
}
