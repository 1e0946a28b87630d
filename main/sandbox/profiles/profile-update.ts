import {
  AMOUNT_SEQUENCE_SEPARATOR,
  parseAmount,
} from '../../../preload/contract/recurring/recurring-values'
import { PAYER_PARAMETERS } from '../../../preload/contract/recurring/recurring-parameters'
import { dottedDay, isoFromDotted, type IsoDay } from '../../../preload/contract/platform/calendar'
import { maskCardNumber, maskSsn, redactorFor } from '../../platform/privacy/redaction'
import type { AmountRule, Profile } from '../stores/profile'
import { nextScheduleDateAfter, type Period } from '../../../preload/contract/platform/schedule'

/** A rule the sandbox checks against the profile itself, beyond the parameter table. */
export interface ProfileRuleIssue {
  parameter: string
  code: 'currency-mismatch' | 'stop-src-only'
  message: string
}

/**
 * The checks that need the profile: the currency must be the profile's, and stopping the schedule
 * through the API (a finish date already reached, or a repeat ceiling already met) is SRC only.
 */
export function profileRuleIssues(
  profile: Profile,
  params: Record<string, string>,
  today: IsoDay,
): ProfileRuleIssue[] {
  const issues: ProfileRuleIssue[] = []
  const currency = params['currency']?.toUpperCase()
  if (currency !== undefined && currency !== profile.currency) {
    issues.push({
      parameter: 'currency',
      code: 'currency-mismatch',
      message: `currency ${currency} differs from the profile's currency ${profile.currency}: send ${profile.currency} or leave currency out`,
    })
  }
  if (profile.type === 'SRC' || profile.status !== 'running') return issues
  const finish = isoFromDotted(params['finish-date'] ?? '')
  if (finish !== null && finish <= today) {
    issues.push({
      parameter: 'finish-date',
      code: 'stop-src-only',
      message: `finish-date ${params['finish-date']} would stop the schedule now, and stopping through the API is available for SRC profiles only: choose a date after ${dottedDay(today)}`,
    })
  }
  const maxRepeats = params['max-repeats-number']
  if (maxRepeats !== undefined && Number(maxRepeats) <= profile.schedule.currentRepeats) {
    issues.push({
      parameter: 'max-repeats-number',
      code: 'stop-src-only',
      message: `max-repeats-number ${maxRepeats} would stop the schedule now (${profile.schedule.currentRepeats} charges made), and stopping through the API is available for SRC profiles only: give a number above ${profile.schedule.currentRepeats}`,
    })
  }
  return issues
}

function amountRuleOf(params: Record<string, string>): AmountRule | null {
  const amount = (text: string) => parseAmount(text)!
  if (params['amount']) return { kind: 'fixed', amount: amount(params['amount']) }
  if (params['amount-from'] && params['amount-to']) {
    return { kind: 'range', from: amount(params['amount-from']), to: amount(params['amount-to']) }
  }
  if (params['amount-sequence']) {
    return {
      kind: 'sequence',
      amounts: params['amount-sequence'].split(AMOUNT_SEQUENCE_SEPARATOR).map(amount),
    }
  }
  return null
}

function optionalNumber(text: string | undefined, fallback: number | null): number | null {
  return text === undefined ? fallback : Number(text)
}

/**
 * The profile after a valid update (`params` checked and under canonical names). A stopped
 * profile stays stopped however it is rescheduled: only the Resume action restarts it (spec §3).
 * As a gateway following PCI keeps it: the card number and SSN masked, and the card data sent,
 * or any other card number, masked in every free text (order_desc, purpose, payer fields).
 */
export function applyUpdate(
  profile: Profile,
  params: Record<string, string>,
  today: IsoDay,
  now: number,
): Profile {
  const redact = redactorFor(Object.entries(params))
  const freeText = (text: string | undefined) => (text === undefined ? undefined : redact(text))
  const payer = { ...profile.payer }
  for (const field of PAYER_PARAMETERS) {
    const value = params[field]
    if (value !== undefined) payer[field] = field === 'ssn' ? maskSsn(value) : redact(value)
  }
  const cardNumber = params['credit-card-number']
  const card = cardNumber
    ? {
        maskedNumber: maskCardNumber(cardNumber),
        printedName: redact(params['card-printed-name']!),
        expireMonth: Number(params['expire-month']),
        expireYear: Number(params['expire-year']),
      }
    : profile.card
  const previous = profile.schedule
  const schedule = {
    ...previous,
    period: (params['period'] as Period | undefined) ?? previous.period,
    interval: optionalNumber(params['interval'], previous.interval)!,
    startDate: isoFromDotted(params['start-date'] ?? '') ?? previous.startDate,
    finishDate: isoFromDotted(params['finish-date'] ?? '') ?? previous.finishDate,
    maxRepeats: optionalNumber(params['max-repeats-number'], previous.maxRepeats),
  }
  const rescheduled =
    schedule.period !== previous.period ||
    schedule.interval !== previous.interval ||
    schedule.startDate !== previous.startDate
  if (rescheduled) {
    // An auto schedule starting today makes its first charge the same day (spec §2.3).
    const sameDay =
      profile.scheduleType === 'auto' &&
      schedule.startDate === today &&
      previous.lastChargeDate !== today
    schedule.nextChargeDate = sameDay ? today : nextScheduleDateAfter(schedule, today)
  }
  const notifyUrl = params['notify_url']
  const serverCallbackUrl = params['server_callback_url']
  const callbackChanged = notifyUrl !== undefined || serverCallbackUrl !== undefined
  return {
    ...profile,
    clientOrderId: params['client-orderid']!,
    card,
    payer,
    amountRule: amountRuleOf(params) ?? profile.amountRule,
    schedule,
    orderDescription: freeText(params['order_desc']) ?? profile.orderDescription,
    purpose: freeText(params['purpose']) ?? profile.purpose,
    notifyUrl: callbackChanged ? (notifyUrl ?? null) : profile.notifyUrl,
    serverCallbackUrl: callbackChanged ? (serverCallbackUrl ?? null) : profile.serverCallbackUrl,
    updatedAt: now,
  }
}
