import { calendarDate, localDay } from '../../preload/contract/platform/calendar'
import type { RecurringProfileType } from '../../preload/contract/recurring/recurring-parameters'
import type { RecurringUpdateIssue } from '../../preload/contract/recurring/recurring-issue'
import { validateRecurringUpdate } from '../../preload/contract/recurring/recurring-validation'
import type { Parameter } from '../platform/privacy/parameter'
import type { CallOptions } from '../platform/gateway/gateway-client'
import { updateRecurringPayment } from '../platform/gateway/update-recurring-payment'
import { codedResult, type UpdateResult } from '../platform/gateway/update-response'
import { uncertainSendOf, uncertainSendRefusal, type UncertainSend } from './resend-guard'
import type { SendingContext, SendRecorder } from './sending-context'
import { parametersOf } from '../platform/gateway/update-parameters'
import { boundedResult } from '../platform/gateway/update-result-view'
import { explainedDetail } from '../../preload/contract/platform/explained'
import { coded } from '../platform/i18n/english'

export interface UpdateToSend {
  /** As given: aliases allowed, an empty value means "not given". */
  parameters: Record<string, string>
  /** When known, the checks that depend on the profile's type run too. */
  profileType?: RecurringProfileType
  /** The user has confirmed sending again after an uncertain outcome of the same update. */
  confirmedResend?: boolean
}

export interface SentUpdate {
  result: UpdateResult
  /** The rules of spec §4.2 the update broke: then nothing was sent. */
  issues: RecurringUpdateIssue[]
  /** The history entry; null when nothing was recorded (refused before signing). */
  historyId: number | null
  /** Set when nothing was sent because an earlier send of this update is uncertain. */
  uncertainEarlier: UncertainSend | null
  /** What was (or would have been) sent, canonical and in the spec's order. */
  parameters: Parameter[]
}

export interface SendOptions extends Pick<CallOptions, 'signal'> {
  /** Replaces the context's recorder for this send (bulk journals each row with its history). */
  recorder?: SendRecorder
}

/** Nothing was sent because `issues` break the gateway's rules. */
export const refusedByRules = (issues: readonly RecurringUpdateIssue[]): UpdateResult =>
  codedResult('not-sent', 'update.broken-rules', { n: issues.length })

/**
 * The one send of update-recurring-payment, for the editor, bulk runs and the CLI: checks spec
 * §4.2 and sends nothing that breaks it; asks for a confirmation before the same update goes
 * again after an uncertain outcome; records the request before it leaves (a crash still leaves
 * a trace); signs with the context's key; sends once, never retried; records what came back.
 */
/** How bulk runs send a row: the composition root passes sendRecurringUpdate in. */
export type SendRecurringUpdate = typeof sendRecurringUpdate

export async function sendRecurringUpdate(
  context: SendingContext,
  update: UpdateToSend,
  options: SendOptions = {},
): Promise<SentUpdate> {
  const parameters = parametersOf(update.parameters)
  const refused = (result: UpdateResult, issues: RecurringUpdateIssue[] = []): SentUpdate => ({
    result,
    issues,
    historyId: null,
    uncertainEarlier: null,
    parameters,
  })
  // Checked as given, so two spellings of one parameter (email, e-mail) are caught too.
  const issues = validateRecurringUpdate(
    update.parameters,
    update.profileType,
    // Today by the user's clock, so a card that expired is refused here as in the window.
    calendarDate(localDay(context.gateway.now())),
  )
  if (issues.length > 0) {
    return refused(refusedByRules(issues), issues)
  }
  if (!update.confirmedResend) {
    const earlier = uncertainSendOf(
      await context.uncertainSameUpdate(context.environment.id, parameters),
    )
    if (earlier !== null) {
      const { messageCode, params } = uncertainSendRefusal(earlier)
      return {
        ...refused(codedResult('not-sent', messageCode, params)),
        uncertainEarlier: earlier,
      }
    }
  }
  const recorder = options.recorder ?? context.recorder
  // Signed while it is recorded (a bulk row's durable commit blocks main's thread while the
  // signature is made in the thread pool); it leaves only once recorded.
  const recorded = Promise.resolve(
    recorder.sending({
      environment: context.environment,
      operation: 'update-recurring-payment',
      parameters,
    }),
  )
  // A failure to record is thrown below, once signing has ended: not left unhandled meanwhile.
  recorded.catch(() => undefined)
  let result: UpdateResult
  try {
    result = await updateRecurringPayment(
      context.gateway,
      context.target,
      context.secrets,
      parameters,
      { leavesAfter: recorded, ...(options.signal && { signal: options.signal }) },
    )
  } catch (error) {
    const historyId = await recorded
    // Whatever failed, the request may have left: its record must not stay "sending".
    await recorder.result(historyId, {
      outcome: 'unknown',
      ...coded('update.failed-while-sending', explainedDetail(error as Error)),
    })
    throw error
  }
  const historyId = await recorded
  // Kept as shown: masked, and bounded as the window and history take it.
  await recorder.result(historyId, boundedResult(result))
  return { result, issues: [], historyId, uncertainEarlier: null, parameters }
}
