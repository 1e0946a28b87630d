import type { Parameter } from '../platform/privacy/parameter'
import { environmentSendingContext, type RecurringDeps } from './recurring-update-service'
import { uncertainEarlierSend, type UncertainSend } from './resend-guard'
import { sendRecurringUpdate } from './send-core'
import type { SendingContext } from './sending-context'

/**
 * What bulk updates take from this feature: its one way to send an update and its rule against
 * sending one twice. The composition root passes `recurringSending` in, so bulk imports no
 * recurring code of its own.
 */
export interface RecurringSending {
  /** An environment's sending context: its settings resolved, its key read once. */
  contextOf(environmentId: string): SendingContext
  send: typeof sendRecurringUpdate
  /** The earlier send of the same update whose outcome is still uncertain, if any. */
  uncertainEarlier(environmentId: string, parameters: readonly Parameter[]): UncertainSend | null
}

export const recurringSending = (deps: RecurringDeps): RecurringSending => ({
  contextOf: (environmentId) => environmentSendingContext(deps, environmentId),
  send: sendRecurringUpdate,
  uncertainEarlier: (environmentId, parameters) =>
    uncertainEarlierSend(deps.history, environmentId, parameters),
})
