import { existsSync, readFileSync } from 'node:fs'
import { createCallbackDispatcher } from './callbacks/callback-dispatcher'
import { httpCallbackSender } from './callbacks/callback-sender'
import type { AdvanceResult } from './profiles/charging'
import { createSandboxService } from './sandbox-service'
import type { DeliveryState } from './stores/callback-log'
import { openSandboxState } from './stores/sandbox-state'

/** How the callbacks of an advance's charges went, by their delivery state. */
export type CallbackCounts = Record<Exclude<DeliveryState, 'pending'>, number>

export interface SandboxAdvance {
  result: AdvanceResult
  /** Settles once the charges' callbacks are sent; null when no charge called for one. */
  callbacks: Promise<CallbackCounts> | null
}

/**
 * Moves the simulated date of the sandbox kept in `stateDir` forward by `days`, with no sandbox
 * running: the database, not a running sandbox, holds the date (SQLite's WAL lets both write it).
 * Throws when `stateDir` holds no sandbox. The state is closed once the callbacks are sent.
 */
export function advanceSandboxDays(stateDir: string, days: number): SandboxAdvance {
  const state = openSandboxState(stateDir, { mustExist: true })
  try {
    const cert = existsSync(state.files.tlsCertificate)
      ? readFileSync(state.files.tlsCertificate, 'utf8')
      : ''
    const dispatcher = createCallbackDispatcher({
      send: httpCallbackSender(cert),
      log: state.stores.callbacks,
      now: Date.now,
    })
    const { actions } = createSandboxService({
      state,
      dispatcher,
      now: Date.now,
      random: Math.random,
      inboxUrl: null,
    })
    const result = actions.advanceDays(days)
    if (!result.charges.some((charge) => charge.callbackUrl)) {
      state.db.close()
      return { result, callbacks: null }
    }
    const ids = new Set(result.charges.map((charge) => charge.transaction.id))
    const counted = async (): Promise<CallbackCounts> => {
      await dispatcher.idle()
      const deliveries = actions.callbackDeliveries(1000).filter((d) => ids.has(d.transactionId))
      const count = (state: DeliveryState) => deliveries.filter((d) => d.state === state).length
      return { delivered: count('delivered'), failed: count('failed'), refused: count('refused') }
    }
    return { result, callbacks: counted().finally(() => state.db.close()) }
  } catch (error) {
    state.db.close()
    throw error
  }
}
