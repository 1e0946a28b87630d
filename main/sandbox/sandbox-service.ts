import { dottedDay, localDay } from '../../preload/contract/platform/calendar'
import type { CallbackDispatcher } from './callbacks/callback-dispatcher'
import type { CallbackDelivery, ReceivedCallback } from './stores/callback-log'
import {
  advanceDays,
  type AdvanceResult,
  type Charge,
  type ChargingContext,
} from './profiles/charging'
import { seedDemoData } from './profiles/demo-seed'
import type { SandboxSettings } from './stores/meta-store'
import type { Profile } from './stores/profile'
import { SandboxActionError } from './sandbox-action-error'
import { createSandboxGateway } from './sandbox-gateway'
import { createProfileActions } from './sandbox-profile-actions'
import type { SandboxState } from './stores/sandbox-state'
import type { TransactionRecord } from './stores/transaction-store'

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
      throw new SandboxActionError('sandbox.state.no-inbox')
    }
    const today = localDay(now())
    stores.meta.setToday(today)
    seedDemoData(stores, state.merchant, today, now(), deps.inboxUrl)
  }
  if (!stores.meta.initialised()) db.transaction(seed).immediate()

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
        throw new SandboxActionError('sandbox.action.advance-days', {
          max: MAX_ADVANCE_DAYS,
          value: days,
        })
      }
      const result = db.transaction(() => advanceDays(context, days)).immediate()
      sendCallbacks(result.charges)
      return result
    },
    ...createProfileActions({ state, context, sendCallbacks }),
    settings(): SandboxSettings {
      return stores.meta.settings()
    },
    updateSettings(patch: Partial<SandboxSettings>): SandboxSettings {
      const settings = { ...stores.meta.settings(), ...patch }
      if (!(settings.declineRate >= 0 && settings.declineRate <= 1)) {
        throw new SandboxActionError('sandbox.action.decline-rate')
      }
      if (!(settings.timestampWindowSeconds >= 1) || !(settings.faultDelayMs >= 0)) {
        throw new SandboxActionError('sandbox.action.timestamp-window')
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

  const gateway = createSandboxGateway({ state, context, sendCallbacks })

  return { actions, gateway }
}
