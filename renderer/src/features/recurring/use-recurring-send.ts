import { computed, ref, type ComputedRef, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { RecurringUpdateResult } from '../../../../preload/contract/recurring/recurring-channels'
import type { RecurringProfileType } from '../../../../preload/contract/recurring/recurring-parameters'
import type { RecurringUpdateIssue } from '../../../../preload/contract/recurring/recurring-issue'
import { BridgeError, call } from '../../platform/bridge'
import { useConfirm } from '../../platform/composables/confirm'
import { useProductionGuard } from '../../platform/composables/production-guard'
import { useEnvironmentsStore } from '../../platform/environments/environments-store'
import { useRefusal } from '../../platform/workspace/refusal'
import { gatewayIssues } from './gateway-error-fields'
import { useRecurringDraftStore } from './recurring-draft'
import type { ShownIssue } from './recurring-shared'
import { isGeneratedOrderId, newClientOrderId } from './typed-input'

export interface RecurringSendForm {
  /** The parameters given, secrets included. */
  given: ComputedRef<Record<string, string>>
  profileType: ComputedRef<RecurringProfileType | undefined>
  clientIssues: ComputedRef<RecurringUpdateIssue[]>
  /** Issues main or the gateway named, shown at their fields until those are edited. */
  serverIssues: Ref<ShownIssue[]>
  /** A send was tried: issues about missing values are shown from now on. */
  attempted: Ref<boolean>
  revealIssues: () => Promise<void>
  /** The gateway has the card: its number and CVV2 leave memory. */
  forgetCard: () => void
}

/**
 * The editor's send: the local checks, the production guard, main's confirm-before-resending
 * rule (main answers `uncertainEarlier` and sends nothing until the user confirms), then the
 * request and its result in the draft.
 */
export function useRecurringSend(form: RecurringSendForm) {
  const draft = useRecurringDraftStore()
  const environments = useEnvironmentsStore()
  const confirmSending = useProductionGuard()
  const confirm = useConfirm()
  const { t, te } = useI18n()
  /** A question is open (production guard, resend): a second send waits for its answer. */
  const guarding = ref(false)
  /** The send in flight, which cancel() stops. */
  const inFlight = ref<string | null>(null)
  /** Why this desk sends nothing now (its team role, the team server offline). */
  const refusal = useRefusal('send')

  async function ask(question: () => Promise<boolean>): Promise<boolean> {
    guarding.value = true
    try {
      return await question()
    } finally {
      guarding.value = false
    }
  }

  // Main names the earlier outcome (request-outcomes): worded in the window's language when known.
  const outcomeText = (name: string) =>
    te(`common.outcomeLabels.${name}`) ? t(`common.outcomeLabels.${name}`) : name
  const confirmRepeat = (earlier: NonNullable<RecurringUpdateResult['uncertainEarlier']>) =>
    confirm({
      title: t('recurring.send.repeat.title'),
      content: t('recurring.send.repeat.content', {
        profile: earlier.profileId,
        id: earlier.historyId,
        outcome: outcomeText(earlier.outcome),
      }),
      positiveText: t('recurring.send.repeat.confirm'),
      negativeText: t('common.actions.cancel'),
    })

  async function send() {
    if (draft.sending || guarding.value || refusal.value) return
    form.attempted.value = true
    const issues = form.clientIssues.value
    if (issues.length > 0) {
      // The panel says so beside its list of issues, and stops saying it once they are fixed.
      await form.revealIssues()
      return
    }
    const environment = environments.selected
    if (!environment) return
    if (!(await ask(() => confirmSending(environment)))) return
    const parameters = { ...form.given.value }
    draft.sending = true
    draft.failure = null
    form.serverIssues.value = []
    try {
      let confirmedResend = false
      for (;;) {
        // The moment the request leaves, not when (or whether) the answer arrives.
        const sentAt = Date.now()
        const sendId = crypto.randomUUID()
        inFlight.value = sendId
        const result = await call('recurring:send', {
          environmentId: environment.id,
          parameters,
          profileType: form.profileType.value,
          confirmedResend,
          sendId,
        }).finally(() => (inFlight.value = null))
        if (result.uncertainEarlier && !confirmedResend) {
          const earlier = result.uncertainEarlier
          draft.sending = false
          confirmedResend = await ask(() => confirmRepeat(earlier))
          // Declined: nothing was sent, and the earlier result stays in view.
          if (!confirmedResend) return
          draft.sending = true
          continue
        }
        draft.last = {
          result,
          environmentName: environment.name,
          profileId: parameters['recurring-payment-id'] ?? '',
          sentAt,
        }
        form.serverIssues.value = [...result.issues, ...gatewayIssues(result)]
        if (result.outcome === 'approved') {
          form.forgetCard()
          // The next update gets an order ID of its own, unless staff chose this one.
          if (isGeneratedOrderId(parameters['client-orderid'] ?? '')) {
            draft.setParam('client-orderid', newClientOrderId())
          }
        }
        if (form.serverIssues.value.length) await form.revealIssues()
        return
      }
    } catch (error) {
      // Everything entered stays; main's explanation and the fields at fault are shown.
      draft.failure = (error as Error).message
      if (error instanceof BridgeError) {
        form.serverIssues.value = (error.detail.issues ?? []).map((issue) => ({
          parameter: issue.path.split('.').pop() ?? issue.path,
          message: issue.message,
          messageCode: issue.messageCode,
          params: issue.params,
        }))
        await form.revealIssues()
      }
    } finally {
      draft.sending = false
    }
  }

  /** Stops the send in flight: its result then says whether the request had left. */
  async function cancel() {
    if (inFlight.value !== null) await call('recurring:cancel', { sendId: inFlight.value })
  }

  return {
    guarding,
    refusal,
    send,
    cancel,
    cancellable: computed(() => inFlight.value !== null),
  }
}
