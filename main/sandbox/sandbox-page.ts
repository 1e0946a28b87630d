import type {
  AdvanceCounts,
  SandboxOverview,
} from '../../preload/contract/sandbox/sandbox-channels'
import { dottedDay } from '../../preload/contract/platform/calendar'
import type { FaultKind } from './http/faults'
import { formatMinor } from './profiles/money'
import { DECLINE_REASONS, STOP_REASONS } from './profiles/profile-charge'
import type { AmountRule, Profile } from './stores/profile'
import type { SandboxService } from './sandbox-server'

/** What the app's Sandbox page asks of the sandbox: each answer is what its channel returns. */
export interface SandboxPage {
  overview(): SandboxOverview
  /** Settles with the callbacks of the charges made (given a moment to arrive) in the overview. */
  advance(days: number): Promise<{ moved: AdvanceCounts; overview: SandboxOverview }>
  injectFault(kind: FaultKind, count: number): SandboxOverview
  clearFaults(): SandboxOverview
  reset(): SandboxOverview
}

/** The page's calls as main makes them: the sandbox runs in a process of its own. */
export type RemoteSandboxPage = {
  [M in keyof SandboxPage]: (
    ...args: Parameters<SandboxPage[M]>
  ) => Promise<Awaited<ReturnType<SandboxPage[M]>>>
}

/**
 * How long Advance waits for the charges' callbacks: they go to the sandbox's own inbox and
 * arrive in milliseconds, but one that is retried with back-off must not hold the page up.
 */
const CALLBACK_WAIT_MS = 3000

function describeAmount(rule: AmountRule, currency: string): string {
  if (rule.kind === 'fixed') return `${formatMinor(rule.amount)} ${currency}`
  if (rule.kind === 'range')
    return `${formatMinor(rule.from)}–${formatMinor(rule.to)} ${currency} (random)`
  return `${rule.amounts.map((amount) => formatMinor(amount)).join(', ')} ${currency} (sequence)`
}

function amountParts(rule: AmountRule): SandboxOverview['profiles'][number]['amountParts'] {
  const amounts =
    rule.kind === 'fixed'
      ? [rule.amount]
      : rule.kind === 'range'
        ? [rule.from, rule.to]
        : rule.amounts
  return { kind: rule.kind, amounts: amounts.map((amount) => formatMinor(amount)) }
}

function describeSchedule({ schedule }: Profile): string {
  const every = `every ${schedule.interval} ${schedule.period}${schedule.interval === 1 ? '' : 's'}`
  const until = schedule.finishDate ? ` to ${dottedDay(schedule.finishDate)}` : ''
  return `${every} from ${dottedDay(schedule.startDate)}${until}`
}

/** The code of a reason the sandbox wrote, for the page to word; null for any other text. */
function reasonCode<Code extends string>(
  reasons: Record<Code, string>,
  text: string | null,
): Code | null {
  const found = Object.entries(reasons).find(([, reason]) => reason === text)
  return found ? (found[0] as Code) : null
}

// Explicit projections: what the page shows, and nothing the service may add later.
/** A stopped profile charges no more: the day it would have charged next is not shown. */
function nextCharge({ status, schedule }: Profile): string | null {
  if (status === 'stopped' || schedule.nextChargeDate === null) return null
  return dottedDay(schedule.nextChargeDate)
}

function overview(sandbox: SandboxService): SandboxOverview {
  const snapshot = sandbox.snapshot()
  return {
    baseUrl: snapshot.baseUrl,
    simulatedDate: snapshot.simulatedDate,
    merchantLogin: snapshot.merchant.login,
    merchantName: snapshot.merchant.name,
    endpointId: snapshot.merchant.endpointId,
    declineRate: snapshot.settings.declineRate,
    pendingFaults: snapshot.pendingFaults,
    profiles: sandbox.profiles().map((profile) => ({
      id: profile.id,
      type: profile.type,
      status: profile.status,
      stopReason: profile.stopReason,
      stopReasonCode: reasonCode(STOP_REASONS, profile.stopReason),
      clientOrderId: profile.clientOrderId,
      currency: profile.currency,
      amountRule: describeAmount(profile.amountRule, profile.currency),
      schedule: describeSchedule(profile),
      amountParts: amountParts(profile.amountRule),
      scheduleParts: {
        interval: profile.schedule.interval,
        period: profile.schedule.period,
        startDate: dottedDay(profile.schedule.startDate),
        finishDate: profile.schedule.finishDate && dottedDay(profile.schedule.finishDate),
      },
      currentRepeats: profile.schedule.currentRepeats,
      maxRepeats: profile.schedule.maxRepeats,
      nextChargeDate: nextCharge(profile),
    })),
    transactions: sandbox.transactions(50).map((transaction) => ({
      id: transaction.id,
      profileId: transaction.profileId,
      createdAt: transaction.createdAt,
      amount: formatMinor(transaction.amountMinor),
      currency: transaction.currency,
      status: transaction.status,
      declineReason: transaction.declineReason,
      declineReasonCode: reasonCode(DECLINE_REASONS, transaction.declineReason),
    })),
    callbacks: sandbox.receivedCallbacks(50).map((callback) => ({
      id: callback.id,
      receivedAt: new Date(callback.receivedAt).toISOString(),
      orderId: callback.parameters['orderid'] ?? '',
      clientOrderId: callback.parameters['client_orderid'] ?? '',
      status: callback.parameters['status'] ?? '',
      amount: callback.parameters['amount'] ?? '',
      verified: callback.controlValid,
    })),
  }
}

/** The Sandbox page's calls on a running sandbox, in the sandbox's own process. */
export function sandboxPage(sandbox: SandboxService): SandboxPage {
  return {
    overview: () => overview(sandbox),
    async advance(days) {
      const result = sandbox.advanceDays(days)
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        sandbox.callbacksSettled(),
        new Promise((resolve) => (timer = setTimeout(resolve, CALLBACK_WAIT_MS))),
      ])
      clearTimeout(timer)
      const declined = result.charges.filter(
        (charge) => charge.transaction.status === 'declined',
      ).length
      const moved: AdvanceCounts = {
        from: result.from,
        to: result.to,
        charges: result.charges.length,
        declined,
        stopped: result.stopped.length,
      }
      return { moved, overview: overview(sandbox) }
    },
    injectFault(kind, count) {
      sandbox.injectFault(kind, count)
      return overview(sandbox)
    },
    clearFaults() {
      sandbox.clearFaults()
      return overview(sandbox)
    },
    reset() {
      sandbox.reset()
      return overview(sandbox)
    },
  }
}
