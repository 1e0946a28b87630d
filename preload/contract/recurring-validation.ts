import { z } from 'zod'
import {
  canonicalRecurringUpdate,
  DATE_RULE,
  NOT_FOR_DST,
  RECURRING_PARAMETER_DEFINITIONS as definitions,
  RECURRING_UPDATE_ALIASES,
  REQUIRED_PARAMETERS,
  STATE_REQUIRED_COUNTRIES,
  type RecurringProfileType,
} from './recurring-parameters'
import {
  AMOUNT_SEQUENCE_MAX_ITEMS,
  AMOUNT_SEQUENCE_SEPARATOR,
  compareDates,
  DOTTED_DATE,
  parseAmount,
  parseDottedDate,
  passesLuhn,
  type CalendarDate,
} from './recurring-values'
import type { MessageParams } from './explained'

/**
 * The checks of an update-recurring-payment request against spec §4.2, shared by the form, the
 * CLI and the sandbox. Each issue says which field, what rule, and what to do.
 */

export const RECURRING_UPDATE_ISSUE_CODES = [
  'unknown-parameter',
  'missing',
  'too-long',
  'invalid-format',
  'invalid-date',
  'out-of-range',
  'requires-card-number',
  'incomplete-pair',
  'mutually-exclusive',
  'range-order',
  'not-for-dst',
  'state-required',
  'duplicate-alias',
  'card-expired',
] as const

export type RecurringUpdateIssueCode = (typeof RECURRING_UPDATE_ISSUE_CODES)[number]

export interface RecurringUpdateIssue {
  parameter: string
  code: RecurringUpdateIssueCode
  /** Which field, what rule, and what to do. */
  message: string
  /** The message's stable code and values, for the window to word it in its language. */
  messageCode?: string
  params?: MessageParams
  /** Other fields the issue is about (both sides of a conflict), marked too. */
  also?: string[]
}

// A custom issue with params.range means the value is well formed but out of its range.
const inRange = { params: { range: true } }

const wholeNumber = (maxDigits: number, min: number, max: number) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${maxDigits}}$`))
    .refine((text) => Number(text) >= min && Number(text) <= max, inRange)

const amountText = z
  .string()
  .refine((text) => parseAmount(text) !== null)
  .refine((text) => (parseAmount(text) ?? 0) > 0, inRange)

const webUrl = z.url({ protocol: /^https?$/ })

/** The format of each parameter that is more than free text; a failure means "see expects". */
const FORMATS: Readonly<Record<string, z.ZodType<string>>> = {
  'credit-card-number': z
    .string()
    .regex(/^\d{12,19}$/)
    .refine(passesLuhn),
  'expire-year': wholeNumber(4, 2000, 2099),
  'expire-month': wholeNumber(2, 1, 12),
  cvv2: z.string().regex(/^\d{3,4}$/),
  amount: amountText,
  'amount-from': amountText,
  'amount-to': amountText,
  'amount-sequence': z
    .string()
    .refine((text) => text.split(AMOUNT_SEQUENCE_SEPARATOR).length <= AMOUNT_SEQUENCE_MAX_ITEMS)
    .refine((text) =>
      text.split(AMOUNT_SEQUENCE_SEPARATOR).every((a) => amountText.safeParse(a).success),
    ),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  period: z.enum(['day', 'week', 'month']),
  interval: wholeNumber(9, 1, 999),
  'customer-ip': z.union([z.ipv4(), z.ipv6()]),
  country: z.string().regex(/^[A-Za-z]{2}$/),
  'zip-code': z.string().regex(/^[A-Za-z0-9 -]+$/),
  birthday: z.string().refine((text) => parseDottedDate(text) !== null),
  email: z.email(),
  phone: z
    .string()
    .regex(/^\+?[\d ()-]+$/)
    .refine((text) => /^\d{7,15}$/.test(text.replace(/\D/g, ''))),
  state: z.string().regex(/^[A-Za-z0-9]{2,3}$/),
  'start-date': z.string().refine((text) => parseDottedDate(text) !== null),
  'finish-date': z.string().refine((text) => parseDottedDate(text) !== null),
  'max-repeats-number': wholeNumber(9, 1, 999_999),
  notify_url: webUrl,
  server_callback_url: webUrl,
}

const REQUIRED_HINTS: Readonly<Record<string, string>> = {
  'client-orderid': 'enter your order identifier for this update',
  'recurring-payment-id': 'enter the identifier the gateway gave the profile',
}
const DATE_PARAMETERS = new Set(['birthday', 'start-date', 'finish-date'])
const CARD_FIELDS = ['card-printed-name', 'expire-year', 'expire-month'] as const
const CARD_FIELD_HINTS: Record<(typeof CARD_FIELDS)[number], string> = {
  'card-printed-name': 'enter the name as printed on the card',
  'expire-year': 'enter the four-digit expiry year on the card',
  'expire-month': 'enter the expiry month on the card (1 to 12)',
}

function formatIssue(name: string, value: string): RecurringUpdateIssue | null {
  const format = FORMATS[name]
  if (!format) return null
  const parsed = format.safeParse(value)
  if (parsed.success) return null
  const expects = definitions.get(name)!.expects!
  if (parsed.error.issues.every((i) => i.code === 'custom' && i.params?.['range'])) {
    return {
      parameter: name,
      code: 'out-of-range',
      message: `${name} is out of range: it must be ${expects}`,
      messageCode: 'recurring.out-of-range',
      params: { parameter: name },
    }
  }
  if (DATE_PARAMETERS.has(name) && DOTTED_DATE.test(value)) {
    return {
      parameter: name,
      code: 'invalid-date',
      message: `${name} "${value}" is not a real calendar date: enter ${DATE_RULE}`,
      messageCode: 'recurring.invalid-date',
      params: { parameter: name, value },
    }
  }
  return {
    parameter: name,
    code: 'invalid-format',
    message: `${name} has the wrong format: enter ${expects}`,
    messageCode: 'recurring.invalid-format',
    params: { parameter: name },
  }
}

/** Per-parameter checks: known name, length, format. */
function fieldIssues(params: Record<string, string>): RecurringUpdateIssue[] {
  const issues: RecurringUpdateIssue[] = []
  for (const [alias, name] of Object.entries(RECURRING_UPDATE_ALIASES)) {
    if (params[alias] && params[name]) {
      issues.push({
        parameter: alias,
        code: 'duplicate-alias',
        message: `${alias} and ${name} are two spellings of one parameter: send only ${name}`,
        messageCode: 'recurring.duplicate-alias',
        params: { alias, canonical: name },
      })
    }
  }
  for (const [name, value] of Object.entries(canonicalRecurringUpdate(params))) {
    const definition = definitions.get(name)
    if (!definition) {
      issues.push({
        parameter: name,
        code: 'unknown-parameter',
        message: `${name.slice(0, 64)} is not a parameter of update-recurring-payment: check its spelling against the parameter list`,
        messageCode: 'recurring.unknown-parameter',
        params: { name: name.slice(0, 64) },
      })
    } else if (value.length > definition.maxLength) {
      issues.push({
        parameter: name,
        code: 'too-long',
        message: `${name} is ${value.length} characters long, more than its maximum of ${definition.maxLength}: ${definition.expects ? `enter ${definition.expects}` : 'shorten it'}`,
        messageCode: definition.expects ? 'recurring.too-long-expects' : 'recurring.too-long',
        params: { parameter: name, length: value.length, max: definition.maxLength },
      })
    } else {
      const issue = formatIssue(name, value)
      if (issue) issues.push(issue)
    }
  }
  return issues
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
