import { canonicalRecurringUpdate } from '../../preload/contract/recurring-parameters'
import { redactText } from '../privacy/redaction'
import {
  validateRecurringUpdate,
  type RecurringUpdateIssue,
} from '../../preload/contract/recurring-validation'
import { calendarDate, dottedDay, localDay } from '../../preload/contract/calendar'
import type { CallbackDispatcher } from './callbacks/callback-dispatcher'
import { callbackControl } from './callbacks/callback-parameters'
import type { CallbackDelivery, ReceivedCallback } from './stores/callback-log'
import {
  advanceDays,
  chargeAndRecord,
  runDay,
  type AdvanceResult,
  type Charge,
  type ChargingContext,
} from './profiles/charging'
import { seedDemoData } from './profiles/demo-seed'
import type { Merchant } from './stores/merchant-store'
import type { SandboxSettings } from './stores/meta-store'
import { stopWhenDone } from './profiles/profile-charge'
import { applyUpdate, profileRuleIssues, type ProfileRuleIssue } from './profiles/profile-update'
import type { Profile } from './stores/profile'
import { nextScheduleDateAfter } from '../../preload/contract/schedule'
import type { ReportPlan } from './reports/report-request-check'
import { reportRowPages, type ReportRow } from './reports/report-rows'
import type { SandboxState } from './stores/sandbox-state'
import type { TransactionRecord } from './stores/transaction-store'

/** Thrown by a Sandbox page action that cannot be done; the message says why. */
export class SandboxActionError extends Error {}

export type UpdateDecision =
  | { kind: 'validation-error'; issues: (RecurringUpdateIssue | ProfileRuleIssue)[] }
  | { kind: 'declined'; message: string }
  | { kind: 'approved'; profile: Profile; charges: Charge[] }

export interface SandboxSnapshot {
  /** DD.MM.YYYY */
  simulatedDate: string
  settings: SandboxSettings
  merchant: { login: string; name: string; endpointId: string }
  profiles: { running: number; stopped: number }
}

export interface SandboxServiceDeps {
  state: SandboxState
  dispatcher: CallbackDispatcher
  now: () => number
  random: () => number
  /** Where demo profiles send their callbacks: the sandbox's own inbox. */
  inboxUrl: string | null
}

const MAX_ADVANCE_DAYS = 3660

export type SandboxCore = ReturnType<typeof createSandboxService>
/** What the app's Sandbox page calls. */
export type SandboxActions = SandboxCore['actions']
export type SandboxGateway = SandboxCore['gateway']

/** The sandbox's behaviour, used by its HTTPS endpoints, its CLI and the app's Sandbox page. */
export function createSandboxService(deps: SandboxServiceDeps) {
  const { state, dispatcher, now } = deps
  const { stores, db } = state
  const context: ChargingContext = {
    stores,
    merchants: (login) => stores.merchants.byLogin(login),
    now,
    random: deps.random,
  }

  const sendCallbacks = (charges: readonly Charge[]) => {
    for (const { transaction, callbackUrl } of charges) {
      const merchant = stores.merchants.byLogin(transaction.merchantLogin)
      if (callbackUrl && merchant) {
        dispatcher.dispatch(transaction, callbackUrl, merchant.controlKey)
      }
    }
  }

  const seed = () => {
    if (deps.inboxUrl === null) {
      throw new Error('The sandbox cannot seed demo data without its inbox URL')
    }
    const today = localDay(now())
    stores.meta.setToday(today)
    seedDemoData(stores, state.merchant, today, now(), deps.inboxUrl)
  }
  if (!stores.meta.initialised()) db.transaction(seed).immediate()

  const profileOrFail = (id: string): Profile => {
    const profile = stores.profiles.byId(id)
    if (!profile) throw new SandboxActionError(`There is no profile ${id} in the sandbox`)
    return profile
  }

  /** Runs a change to one profile in a write transaction, then sends its callbacks. */
  const changeProfile = (
    id: string,
    change: (profile: Profile) => { profile: Profile; charges: Charge[] },
  ) => {
    const result = db
      .transaction(() => {
        const changed = change(profileOrFail(id))
        stores.profiles.save(changed.profile)
        return changed
      })
      .immediate()
    sendCallbacks(result.charges)
    return result
  }

  const actions = {
    snapshot(): SandboxSnapshot {
      const profiles = stores.profiles.all()
      const running = profiles.filter((p) => p.status === 'running').length
      const { login, name, endpointId } = state.merchant
      return {
        simulatedDate: dottedDay(stores.meta.today()),
        settings: stores.meta.settings(),
        merchant: { login, name, endpointId },
        profiles: { running, stopped: profiles.length - running },
      }
    },
    profiles(): Profile[] {
      return stores.profiles.all()
    },
    transactions(limit = 50): TransactionRecord[] {
      return stores.transactions.recent(limit)
    },
    callbackDeliveries(limit = 50): CallbackDelivery[] {
      return stores.callbacks.recentDeliveries(limit)
    },
    receivedCallbacks(limit = 50): ReceivedCallback[] {
      return stores.callbacks.recentReceived(limit)
    },
    /** DD.MM.YYYY */
    simulatedDate(): string {
      return dottedDay(stores.meta.today())
    },
    /** Moves the simulated date forward, charging what falls due; callbacks go out after. */
    advanceDays(days: number): AdvanceResult {
      if (!Number.isInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS) {
        throw new SandboxActionError(
          `Advance by a whole number of days from 1 to ${MAX_ADVANCE_DAYS}, not ${days}`,
        )
      }
      const result = db.transaction(() => advanceDays(context, days)).immediate()
      sendCallbacks(result.charges)
      return result
    },
    /** A manual charge, as from the gateway's user interface; allowed on a stopped profile too. */
    chargeNow(profileId: string): Charge {
      const today = stores.meta.today()
      return changeProfile(profileId, (profile) => {
        const { profile: charged, charge } = chargeAndRecord(context, profile, today, false)
        return { profile: charged, charges: [charge] }
      }).charges[0]!
    },
    /** The Resume action: only the user interface can restart a stopped profile (spec §3). */
    resumeProfile(profileId: string): Profile {
      const today = stores.meta.today()
      return changeProfile(profileId, (profile) => {
        if (profile.status === 'running')
          throw new SandboxActionError(`Profile ${profileId} is already running`)
        const resumed: Profile = {
          ...profile,
          status: 'running',
          stopReason: null,
          schedule: {
            ...profile.schedule,
            nextChargeDate: nextScheduleDateAfter(profile.schedule, today),
          },
        }
        if (stopWhenDone(resumed, today).status === 'stopped') {
          throw new SandboxActionError(
            `Profile ${profileId} cannot resume: its finish date or max-repeats-number is already reached; update them first`,
          )
        }
        return { profile: resumed, charges: [] }
      }).profile
    },
    /** Sets the current repeats number; 0 makes an amount sequence start again from its first amount. */
    setCurrentRepeats(profileId: string, repeats: number): Profile {
      if (!Number.isInteger(repeats) || repeats < 0) {
        throw new SandboxActionError(
          `The current repeats number must be a whole number from 0, not ${repeats}`,
        )
      }
      const today = stores.meta.today()
      return changeProfile(profileId, (profile) => {
        const schedule = { ...profile.schedule, currentRepeats: repeats }
        return { profile: stopWhenDone({ ...profile, schedule }, today), charges: [] }
      }).profile
    },
    settings(): SandboxSettings {
      return stores.meta.settings()
    },
    updateSettings(patch: Partial<SandboxSettings>): SandboxSettings {
      const settings = { ...stores.meta.settings(), ...patch }
      if (!(settings.declineRate >= 0 && settings.declineRate <= 1)) {
        throw new SandboxActionError('The decline rate is a share from 0 to 1')
      }
      if (!(settings.timestampWindowSeconds >= 1) || !(settings.faultDelayMs >= 0)) {
        throw new SandboxActionError(
          'The timestamp window must be at least 1 s and the fault delay at least 0 ms',
        )
      }
      stores.meta.saveSettings(settings)
      return settings
    },
    /** Back to the demo data of a new sandbox, dated today; keys, settings and port are kept. */
    reset(): void {
      db.transaction(() => {
        for (const table of ['profiles', 'transactions', 'nonces', 'callbacks', 'inbox']) {
          db.exec(`DELETE FROM ${table}`)
        }
        seed()
      }).immediate()
    },
  }

  /** What the HTTPS endpoints call once a request is authenticated. */
  const gateway = {
    /**
     * Records a callback that reached the sandbox's inbox, any card number in it masked; true when
     * its control value is right.
     */
    receiveCallback(parameters: Record<string, string>): boolean {
      const { status = '', orderid = '', client_orderid: clientOrderId = '', control } = parameters
      const valid = stores.merchants
        .all()
        .some((m) => callbackControl(status, orderid, clientOrderId, m.controlKey) === control)
      const masked = Object.entries(parameters).map(([name, value]) => [name, redactText(value)])
      stores.callbacks.addReceived(Object.fromEntries(masked), valid, now())
      return valid
    },
    /** The rows of a checked report request, a page at a time. */
    reportRowPages(plan: ReportPlan, merchant: Merchant): Generator<ReportRow[]> {
      return reportRowPages(plan, merchant, stores.transactions, stores.meta.today())
    },
    /** Decides and applies an update-recurring-payment request that passed authentication. */
    updateProfile(merchant: Merchant, params: Record<string, string>): UpdateDecision {
      const canonical = canonicalRecurringUpdate(params)
      const id = canonical['recurring-payment-id']
      const decision = db
        .transaction((): UpdateDecision => {
          const profile = id === undefined ? null : stores.profiles.get(merchant.login, id)
          const issues = validateRecurringUpdate(
            params,
            profile?.type,
            calendarDate(stores.meta.today()),
          )
          if (issues.length > 0) return { kind: 'validation-error', issues }
          if (!profile) {
            return {
              kind: 'declined',
              message: `recurring-payment-id ${id!.slice(0, 128)} matches no recurring payment profile of this merchant: check the identifier the gateway gave the profile`,
            }
          }
          const today = stores.meta.today()
          const ruleIssues = profileRuleIssues(profile, canonical, today)
          if (ruleIssues.length > 0) return { kind: 'validation-error', issues: ruleIssues }
          const day = runDay(context, applyUpdate(profile, canonical, today, now()), today)
          stores.profiles.save(day.profile)
          return { kind: 'approved', profile: day.profile, charges: day.charges }
        })
        .immediate()
      if (decision.kind === 'approved') sendCallbacks(decision.charges)
      return decision
    },
  }

  return { actions, gateway }
}
