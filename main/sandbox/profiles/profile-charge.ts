import type { IsoDay } from '../../../preload/contract/platform/calendar'
import type { AmountRule, Profile } from '../stores/profile'
import { nextScheduleDateAfter } from '../../../preload/contract/platform/schedule'
import type { TransactionStatus } from '../stores/transaction-store'
import type {
  SandboxDeclineReason,
  SandboxStopReason,
} from '../../../preload/contract/sandbox/sandbox-channels'

/** The text the sandbox records for each reason, as the gateway words it in its data and reports. */
export const STOP_REASONS: Record<SandboxStopReason, string> = {
  'max-repeats': 'max-repeats-number reached',
  'finish-date': 'finish date reached',
}
export const DECLINE_REASONS: Record<SandboxDeclineReason, string> = {
  'card-expired': 'card expired',
  'issuer-decline': 'simulated issuer decline',
}

/** The amount of the charge with index `repeatIndex`, in minor units. */
export function chargeAmount(rule: AmountRule, repeatIndex: number, random: () => number): number {
  switch (rule.kind) {
    case 'fixed':
      return rule.amount
    case 'range':
      return rule.from + Math.floor(random() * (rule.to - rule.from + 1))
    case 'sequence':
      // Past the end of the list, the last amount repeats (spec §4.2).
      return rule.amounts[Math.min(repeatIndex, rule.amounts.length - 1)]!
  }
}

/** A DST profile sends money to the card; the others take it from the card. */
export function transactionTypeOf(profile: Profile): string {
  return profile.type === 'DST' ? 'payout' : 'sale'
}

export interface ChargeAttempt {
  profile: Profile
  amountMinor: number
  status: TransactionStatus
  declineReason: string | null
}

function cardExpired(profile: Profile, day: IsoDay): boolean {
  const { card } = profile
  if (!card) return false
  return `${card.expireYear}-${String(card.expireMonth).padStart(2, '0')}` < day.slice(0, 7)
}

/**
 * One charge attempt on `day`. The repeats counter increases even when the charge declines, and
 * reaching max-repeats-number stops the profile (spec §3).
 */
export function attemptCharge(
  profile: Profile,
  day: IsoDay,
  random: () => number,
  declineRate: number,
): ChargeAttempt {
  const index = profile.schedule.currentRepeats
  const amountMinor = chargeAmount(profile.amountRule, index, random)
  const declineReason = cardExpired(profile, day)
    ? DECLINE_REASONS['card-expired']
    : random() < declineRate
      ? DECLINE_REASONS['issuer-decline']
      : null
  const schedule = { ...profile.schedule, currentRepeats: index + 1, lastChargeDate: day }
  return {
    profile: stopWhenDone({ ...profile, schedule }, day),
    amountMinor,
    status: declineReason === null ? 'approved' : 'declined',
    declineReason,
  }
}

/** Whether the schedule charges this profile on `day`. */
export function isChargeDue(profile: Profile, day: IsoDay): boolean {
  const { nextChargeDate, finishDate } = profile.schedule
  return (
    profile.status === 'running' &&
    profile.scheduleType === 'auto' &&
    nextChargeDate !== null &&
    nextChargeDate <= day &&
    (finishDate === null || nextChargeDate <= finishDate)
  )
}

/** After a scheduled charge: the next date comes from the schedule, counted from the start. */
export function advanceSchedule(profile: Profile, day: IsoDay): Profile {
  const nextChargeDate = nextScheduleDateAfter(profile.schedule, day)
  return { ...profile, schedule: { ...profile.schedule, nextChargeDate } }
}

/** Stops a running profile whose counter reached max-repeats-number or whose finish date came. */
export function stopWhenDone(profile: Profile, day: IsoDay): Profile {
  if (profile.status !== 'running') return profile
  const { maxRepeats, currentRepeats, finishDate } = profile.schedule
  if (maxRepeats !== null && currentRepeats >= maxRepeats) {
    return { ...profile, status: 'stopped', stopReason: STOP_REASONS['max-repeats'] }
  }
  if (finishDate !== null && finishDate <= day) {
    return { ...profile, status: 'stopped', stopReason: STOP_REASONS['finish-date'] }
  }
  return profile
}
