import {
  canonicalRecurringUpdate,
  NOT_FOR_DST,
  REQUIRED_PARAMETERS,
  STATE_REQUIRED_COUNTRIES,
  type RecurringProfileType,
} from './recurring-parameters'
import { compareDates, parseDottedDate, type CalendarDate } from '../platform/calendar'
import { parseAmount } from './recurring-values'
import { fieldIssues, FORMATS } from './recurring-field-checks'
import type { RecurringUpdateIssue } from './recurring-issue'

/**
 * The checks of an update-recurring-payment request against spec §4.2, shared by the form, the
 * CLI and the sandbox. Each issue says which field, what rule, and what to do.
 */

const REQUIRED_HINTS: Readonly<Record<string, string>> = {
  'client-orderid': 'enter your order identifier for this update',
  'recurring-payment-id': 'enter the identifier the gateway gave the profile',
}
const CARD_FIELDS = ['card-printed-name', 'expire-year', 'expire-month'] as const
const CARD_FIELD_HINTS: Record<(typeof CARD_FIELDS)[number], string> = {
  'card-printed-name': 'enter the name as printed on the card',
  'expire-year': 'enter the four-digit expiry year on the card',
  'expire-month': 'enter the expiry month on the card (1 to 12)',
}

/** A card is valid to the end of its expiry month. */
function expiryIssue(
  params: Record<string, string>,
  today: CalendarDate | undefined,
): RecurringUpdateIssue[] {
  const year = params['expire-year']
  const month = params['expire-month']
  if (!today || !year || !month) return []
  if (
    FORMATS['expire-year']!.safeParse(year).error ||
    FORMATS['expire-month']!.safeParse(month).error
  )
    return []
  if (Number(year) * 12 + Number(month) >= today.year * 12 + today.month) return []
  const expiry = `${month.padStart(2, '0')}/${year}`
  return [
    {
      parameter: 'expire-year',
      code: 'card-expired',
      message: `the card expired at the end of ${expiry}: enter the expiry date of a card that is still valid`,
      messageCode: 'recurring.card-expired',
      params: { expiry },
      also: ['expire-month'],
    },
  ]
}

function cardIssues(params: Record<string, string>): RecurringUpdateIssue[] {
  const hasCard = params['credit-card-number'] !== undefined
  const dependents = [...CARD_FIELDS, 'cvv2'] as const
  if (!hasCard) {
    return dependents
      .filter((name) => params[name] !== undefined)
      .map((name) => ({
        parameter: name,
        code: 'requires-card-number',
        message: `${name} is only allowed with credit-card-number: give the card number too, or leave ${name} out`,
        messageCode: 'recurring.requires-card-number',
        params: { parameter: name },
      }))
  }
  return CARD_FIELDS.filter((name) => params[name] === undefined).map((name) => ({
    parameter: name,
    code: 'missing',
    message: `${name} is required when credit-card-number is given: ${CARD_FIELD_HINTS[name]}`,
    messageCode: `recurring.required-with-card.${name}`,
    params: { parameter: name },
  }))
}

const AMOUNT_RULE_IDS: Readonly<Record<string, string>> = {
  amount: 'amount',
  'amount-from with amount-to': 'range',
  'amount-sequence': 'sequence',
}

function amountIssues(params: Record<string, string>): RecurringUpdateIssue[] {
  const has = (name: string) => params[name] !== undefined
  const issues: RecurringUpdateIssue[] = []
  if (has('amount-from') !== has('amount-to')) {
    const [given, missing] = has('amount-from')
      ? ['amount-from', 'amount-to']
      : ['amount-to', 'amount-from']
    issues.push({
      parameter: missing,
      code: 'incomplete-pair',
      message: `${missing} is required with ${given}: give both ends of the random range`,
      messageCode: 'recurring.amount-range-incomplete',
      params: { missing, given },
    })
  }
  const rules = [
    has('amount') && 'amount',
    (has('amount-from') || has('amount-to')) && 'amount-from with amount-to',
    has('amount-sequence') && 'amount-sequence',
  ].filter((rule): rule is string => rule !== false)
  if (rules.length === 0) {
    issues.push({
      parameter: 'amount',
      code: 'missing',
      message:
        'amount is required unless amount-from with amount-to, or amount-sequence, is given: give exactly one amount rule',
      messageCode: 'recurring.amount-rule-missing',
    })
  } else if (rules.length > 1) {
    issues.push({
      parameter: has('amount') ? 'amount' : 'amount-sequence',
      code: 'mutually-exclusive',
      message: `${rules.join(' and ')} cannot be combined: give exactly one amount rule`,
      // One code per combination, e.g. recurring.amount-rules-combined.amount-sequence.
      messageCode: `recurring.amount-rules-combined.${rules.map((rule) => AMOUNT_RULE_IDS[rule]).join('-')}`,
    })
  }
  const from = parseAmount(params['amount-from'] ?? '')
  const to = parseAmount(params['amount-to'] ?? '')
  if (from !== null && to !== null && from > to) {
    issues.push({
      parameter: 'amount-from',
      code: 'range-order',
      message: `amount-from (${params['amount-from']}) is greater than amount-to (${params['amount-to']}): swap them`,
      messageCode: 'recurring.amount-range-order',
      params: { from: params['amount-from']!, to: params['amount-to']! },
    })
  }
  return issues
}

function scheduleIssues(params: Record<string, string>): RecurringUpdateIssue[] {
  const issues: RecurringUpdateIssue[] = []
  if ((params['period'] === undefined) !== (params['interval'] === undefined)) {
    const missing = params['period'] === undefined ? 'period' : 'interval'
    const given = missing === 'period' ? 'interval' : 'period'
    issues.push({
      parameter: missing,
      code: 'incomplete-pair',
      message: `${missing} is required with ${given}: give period and interval together, or neither`,
      messageCode: 'recurring.schedule-incomplete',
      params: { missing, given },
    })
  }
  const start = parseDottedDate(params['start-date'] ?? '')
  const finish = parseDottedDate(params['finish-date'] ?? '')
  if (start && finish && compareDates(start, finish) > 0) {
    issues.push({
      parameter: 'finish-date',
      code: 'range-order',
      message: `finish-date (${params['finish-date']}) is before start-date (${params['start-date']}): choose a finish date on or after the start date`,
      messageCode: 'recurring.date-range-order',
      params: { start: params['start-date']!, finish: params['finish-date']! },
    })
  }
  return issues
}

function payerIssues(
  params: Record<string, string>,
  profileType: RecurringProfileType | undefined,
): RecurringUpdateIssue[] {
  const issues: RecurringUpdateIssue[] = []
  if (profileType === 'DST') {
    for (const name of NOT_FOR_DST) {
      if (params[name] !== undefined) {
        issues.push({
          parameter: name,
          code: 'not-for-dst',
          message: `${name} is not supported for DST profiles: leave it out`,
          messageCode: 'recurring.not-for-dst',
          params: { parameter: name },
        })
      }
    }
  }
  const country = params['country']?.toUpperCase()
  const needsState = STATE_REQUIRED_COUNTRIES.some((c) => c === country)
  // DST profiles do not support state at all, so the country rule cannot apply to them.
  if (needsState && params['state'] === undefined && profileType !== 'DST') {
    issues.push({
      parameter: 'state',
      code: 'state-required',
      message: `state is required when country is ${country}: enter the payer's state or province code`,
      messageCode: 'recurring.state-required',
      params: { country: country ?? '' },
    })
  }
  if (params['notify_url'] !== undefined && params['server_callback_url'] !== undefined) {
    issues.push({
      parameter: 'server_callback_url',
      code: 'mutually-exclusive',
      message: 'notify_url and server_callback_url cannot both be given: send only one of them',
      messageCode: 'recurring.callback-urls-exclusive',
      also: ['notify_url'],
    })
  }
  return issues
}

/**
 * Checks an update-recurring-payment request against spec §4.2. `profileType` adds the rules that
 * depend on the profile (DST restrictions), `today` those that depend on the date (an expired
 * card); without them those are left to the server.
 */
export function validateRecurringUpdate(
  params: Record<string, string>,
  profileType?: RecurringProfileType,
  today?: CalendarDate,
): RecurringUpdateIssue[] {
  const canonical = canonicalRecurringUpdate(params)
  const required: RecurringUpdateIssue[] = REQUIRED_PARAMETERS.filter(
    (name) => canonical[name] === undefined,
  ).map((name) => ({
    parameter: name,
    code: 'missing',
    message: `${name} is required: ${REQUIRED_HINTS[name] ?? `enter ${name}`}`,
    messageCode: `recurring.required.${name}`,
    params: { parameter: name },
  }))
  return [
    ...required,
    ...fieldIssues(params),
    ...cardIssues(canonical),
    ...expiryIssue(canonical, today),
    ...amountIssues(canonical),
    ...scheduleIssues(canonical),
    ...payerIssues(canonical, profileType),
  ]
}
