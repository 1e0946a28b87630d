import type {
  PayerParameter,
  RecurringProfileType,
} from '../../../preload/contract/recurring/recurring-parameters'
import type { IsoDay } from '../../../preload/contract/platform/calendar'
import type { Period } from '../../../preload/contract/platform/schedule'

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
  /** The payer fields of the update, by their parameter names; ssn kept masked. */
  payer: Partial<Record<PayerParameter, string>>
  amountRule: AmountRule
  schedule: ProfileSchedule
  notifyUrl: string | null
  serverCallbackUrl: string | null
  /** Unix ms of the last accepted update, or null. */
  updatedAt: number | null
}
