import {
  addDays,
  dottedDay,
  timestampOn,
  type IsoDay,
} from '../../../preload/contract/platform/calendar'
import type { Merchant } from '../stores/merchant-store'
import {
  advanceSchedule,
  attemptCharge,
  isChargeDue,
  stopWhenDone,
  transactionTypeOf,
} from './profile-charge'
import type { Profile } from '../stores/profile'
import type { SandboxStores } from '../stores/sandbox-state'
import type { TransactionRecord } from '../stores/transaction-store'

export interface ChargingContext {
  stores: SandboxStores
  merchants: (login: string) => Merchant | null
  now: () => number
  random: () => number
}

/** A charge made, with where its callback goes. */
export interface Charge {
  day: IsoDay
  transaction: TransactionRecord
  callbackUrl: string | null
}

export interface StopEvent {
  day: IsoDay
  profileId: string
  reason: string
}

/** Charges `profile` on `day` and records the transaction; the caller saves the profile. */
export function chargeAndRecord(
  context: ChargingContext,
  profile: Profile,
  day: IsoDay,
  scheduled: boolean,
): { profile: Profile; charge: Charge } {
  const { declineRate } = context.stores.meta.settings()
  const attempt = attemptCharge(profile, day, context.random, declineRate)
  const merchant = context.merchants(profile.merchantLogin)
  const transaction = context.stores.transactions.insert({
    profileId: profile.id,
    merchantLogin: profile.merchantLogin,
    endpointId: merchant?.endpointId ?? '',
    clientOrderId: profile.clientOrderId,
    createdAt: timestampOn(day, context.now()),
    amountMinor: attempt.amountMinor,
    currency: profile.currency,
    type: transactionTypeOf(profile),
    status: attempt.status,
    orderDescription: profile.orderDescription,
    declineReason: attempt.declineReason,
  })
  return {
    profile: scheduled ? advanceSchedule(attempt.profile, day) : attempt.profile,
    charge: { day, transaction, callbackUrl: profile.notifyUrl ?? profile.serverCallbackUrl },
  }
}

/**
 * Runs `profile`'s schedule for `day`: the charge due that day, then the stop conditions.
 * Returns the profile (to save) and what happened.
 */
export function runDay(
  context: ChargingContext,
  profile: Profile,
  day: IsoDay,
): { profile: Profile; charges: Charge[]; stop: StopEvent | null } {
  let current = profile
  const charges: Charge[] = []
  if (isChargeDue(current, day)) {
    const charged = chargeAndRecord(context, current, day, true)
    current = charged.profile
    charges.push(charged.charge)
  }
  current = stopWhenDone(current, day)
  const stopped = profile.status === 'running' && current.status === 'stopped'
  return {
    profile: current,
    charges,
    stop: stopped ? { day, profileId: current.id, reason: current.stopReason ?? '' } : null,
  }
}

export interface AdvanceResult {
  /** DD.MM.YYYY before and after. */
  from: string
  to: string
  charges: Charge[]
  stopped: StopEvent[]
}

/** Moves the simulated date `days` forward, charging every running auto profile on its dates. */
export function advanceDays(context: ChargingContext, days: number): AdvanceResult {
  const { stores } = context
  const from = stores.meta.today()
  const charges: Charge[] = []
  const stopped: StopEvent[] = []
  let profiles = stores.profiles.all()
  for (let offset = 1; offset <= days; offset++) {
    const day = addDays(from, offset)
    profiles = profiles.map((profile) => {
      const result = runDay(context, profile, day)
      charges.push(...result.charges)
      if (result.stop) stopped.push(result.stop)
      return result.profile
    })
  }
  for (const profile of profiles) stores.profiles.save(profile)
  const to = addDays(from, days)
  stores.meta.setToday(to)
  return { from: dottedDay(from), to: dottedDay(to), charges, stopped }
}
