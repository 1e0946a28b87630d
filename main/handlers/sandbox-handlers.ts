import type { SandboxOverview } from '../../preload/contract/sandbox-channels'
import type { Handlers } from '../ipc'
import { dottedDay } from '../sandbox/calendar'
import { formatMinor } from '../sandbox/money'
import type { AmountRule, Profile } from '../sandbox/profile'
import type { SandboxService } from '../sandbox/sandbox-server'

type SandboxChannel = Extract<keyof Handlers, `sandbox:${string}`>

function describeAmount(rule: AmountRule, currency: string): string {
  if (rule.kind === 'fixed') return `${formatMinor(rule.amount)} ${currency}`
  if (rule.kind === 'range')
    return `${formatMinor(rule.from)}–${formatMinor(rule.to)} ${currency} (random)`
  return `${rule.amounts.map((amount) => formatMinor(amount)).join(', ')} ${currency} (sequence)`
}

function describeSchedule({ schedule }: Profile): string {
  const every = `every ${schedule.interval} ${schedule.period}${schedule.interval === 1 ? '' : 's'}`
  const until = schedule.finishDate ? ` to ${dottedDay(schedule.finishDate)}` : ''
  return `${every} from ${dottedDay(schedule.startDate)}${until}`
}

// Explicit projections: what the page shows, and nothing the service may add later.
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
      clientOrderId: profile.clientOrderId,
      currency: profile.currency,
      amountRule: describeAmount(profile.amountRule, profile.currency),
      schedule: describeSchedule(profile),
      currentRepeats: profile.schedule.currentRepeats,
      maxRepeats: profile.schedule.maxRepeats,
      nextChargeDate: profile.schedule.nextChargeDate && dottedDay(profile.schedule.nextChargeDate),
    })),
    transactions: sandbox.transactions(50).map((transaction) => ({
      id: transaction.id,
      profileId: transaction.profileId,
      createdAt: transaction.createdAt,
      amount: formatMinor(transaction.amountMinor),
      currency: transaction.currency,
      status: transaction.status,
      declineReason: transaction.declineReason,
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

/** The Sandbox page's channels; `sandbox` is null when the embedded sandbox could not start. */
export function sandboxHandlers(deps: {
  sandbox: () => SandboxService | null
  startError: () => string | null
}): Pick<Handlers, SandboxChannel> {
  const running = () => {
    const sandbox = deps.sandbox()
    if (!sandbox) {
      throw new Error(
        `The built-in sandbox is not running: ${deps.startError() ?? 'it is starting'}.`,
      )
    }
    return sandbox
  }
  return {
    'sandbox:overview': async () => overview(running()),
    'sandbox:advance': async ({ days }) => {
      const sandbox = running()
      const result = sandbox.advanceDays(days)
      const declined = result.charges.filter(
        (charge) => charge.transaction.status === 'declined',
      ).length
      const summary =
        `Moved from ${result.from} to ${result.to}: ${result.charges.length} charge(s)` +
        `${declined ? `, ${declined} declined` : ''}${result.stopped.length ? `, ${result.stopped.length} profile(s) stopped` : ''}.`
      return { summary, overview: overview(sandbox) }
    },
    'sandbox:inject-fault': async ({ kind, count }) => {
      const sandbox = running()
      sandbox.injectFault(kind, count)
      return overview(sandbox)
    },
    'sandbox:clear-faults': async () => {
      const sandbox = running()
      sandbox.clearFaults()
      return overview(sandbox)
    },
    'sandbox:reset': async () => {
      const sandbox = running()
      sandbox.reset()
      return overview(sandbox)
    },
  }
}
