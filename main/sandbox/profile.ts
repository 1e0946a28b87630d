import type { RecurringProfileType } from '../../preload/contract/recurring-update-rules'
import type { IsoDay } from './calendar'
import type { Period } from './schedule'

/** How a profile's amount is chosen at each charge; amounts are in minor units (cents). */
export type AmountRule =
  | { kind: 'fixed'; amount: number }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'sequence'; amounts: number[] }

/** The card as kept: masked (first 6, last 4), plus what a charge checks. cvv2 is never kept. */
export interface StoredCard {
  maskedNumber: string
  printedName: string
  expireMonth: number
  expireYear: number
}

export interface ProfileSchedule {
  period: Period
  interval: number
  startDate: IsoDay
  /** The date of the last charge; reaching it stops the profile. */
  finishDate: IsoDay | null
  /** The index ceiling: the profile stops when currentRepeats reaches it. */
  maxRepeats: number | null
  /** Charge attempts so far, failed ones included; the next charge has this index. */
  currentRepeats: number
  nextChargeDate: IsoDay | null
  lastChargeDate: IsoDay | null
}

/** The payer fields of the update, by their parameter names; ssn kept masked. */
export const PAYER_FIELDS = [
  'first-name',
  'last-name',
  'email',
  'phone',
  'country',
  'state',
  'city',
  'address1',
  'zip-code',
  'birthday',
  'ssn',
  'customer-ip',
] as const

export type PayerField = (typeof PAYER_FIELDS)[number]

export interface Profile {
  id: string
  merchantLogin: string
  type: RecurringProfileType
  /** auto: the sandbox charges on schedule; manual: only a charge from the Sandbox page. */
  scheduleType: 'auto' | 'manual'
  status: 'running' | 'stopped'
  stopReason: string | null
  clientOrderId: string
  currency: string
  orderDescription: string
  purpose: string | null
  card: StoredCard | null
  payer: Partial<Record<PayerField, string>>
  amountRule: AmountRule
  schedule: ProfileSchedule
  notifyUrl: string | null
  serverCallbackUrl: string | null
  /** Unix ms of the last accepted update, or null. */
  updatedAt: number | null
}
