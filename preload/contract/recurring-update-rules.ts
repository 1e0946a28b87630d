import { z } from 'zod'

/**
 * The parameter rules of update-recurring-payment (spec §4.2), written once: the renderer's form
 * shows them live and the sandbox enforces them server-side. Decisions on the spec's vague points
 * are listed in main/sandbox/ERROR-CODES.md.
 */

export const RECURRING_PROFILE_TYPES = ['SRC', 'DST', 'native'] as const
export type RecurringProfileType = (typeof RECURRING_PROFILE_TYPES)[number]

export type Necessity = 'Required' | 'Conditional' | 'Optional'

export interface RecurringParameterDefinition {
  name: string
  necessity: Necessity
  /** As the spec types it: String, Numeric, Int, or a date format. */
  type: string
  /** The spec's length column, as written ('128', '65K', '2-3', '-'). */
  specLength: string
  /** The enforced maximum number of characters. */
  maxLength: number
  /** The spec's rule text. */
  rule: string
  /** What a valid value looks like, in words, when more than free text is accepted. */
  expects?: string
}

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
] as const

export type RecurringUpdateIssueCode = (typeof RECURRING_UPDATE_ISSUE_CODES)[number]

export interface RecurringUpdateIssue {
  parameter: string
  code: RecurringUpdateIssueCode
  /** Which field, what rule, and what to do. */
  message: string
}

/** Amounts have at most two fraction digits: the currencies the gateway bills in have two. */
export const AMOUNT_FRACTION_DIGITS = 2
/** amount-sequence travels as one comma-separated value; the spec's length 10 is per amount. */
export const AMOUNT_SEQUENCE_MAX_ITEMS = 100
export const AMOUNT_SEQUENCE_SEPARATOR = ','
/** The spec's "65K" for order_desc, read as 65,535 characters. */
const ORDER_DESC_MAX = 65_535
const AMOUNT_MAX = 10

const DATE_RULE = 'a date written DD.MM.YYYY, e.g. 31.01.2027'
const AMOUNT_RULE = `a positive amount with a dot and at most ${AMOUNT_FRACTION_DIGITS} decimals, e.g. 49.90`

const parameter = (
  name: string,
  necessity: Necessity,
  type: string,
  specLength: string,
  maxLength: number,
  rule: string,
  expects?: string,
): RecurringParameterDefinition => ({ name, necessity, type, specLength, maxLength, rule, expects })

/** The parameter table of spec §4.2, plus the request builder's extra inputs currency and cvv2. */
export const RECURRING_UPDATE_PARAMETERS: readonly RecurringParameterDefinition[] = [
  parameter('client-orderid', 'Required', 'String', '128', 128, 'Merchant order identifier.'),
  parameter(
    'recurring-payment-id',
    'Required',
    'String',
    '128',
    128,
    'Recurring identifier assigned by the service.',
  ),
  parameter(
    'credit-card-number',
    'Conditional',
    'Numeric',
    '19',
    19,
    'Payer card number.',
    'a card number of 12 to 19 digits without spaces that passes the Luhn check',
  ),
  parameter(
    'card-printed-name',
    'Conditional',
    'String',
    '128',
    128,
    'Required when a card number is given; only allowed with a card number.',
  ),
  parameter(
    'expire-year',
    'Conditional',
    'Numeric',
    '4',
    4,
    'Required when a card number is given; only allowed with a card number.',
    'a four-digit year from 2000 to 2099',
  ),
  parameter(
    'expire-month',
    'Conditional',
    'Numeric',
    '2',
    2,
    'Required when a card number is given; only allowed with a card number.',
    'a month number from 1 to 12',
  ),
  parameter(
    'cvv2',
    'Optional',
    'Numeric',
    '4',
    4,
    'Card security code offered by the request builder; only allowed with a card number. Never stored.',
    'three or four digits',
  ),
  parameter(
    'amount',
    'Conditional',
    'Numeric',
    '10',
    AMOUNT_MAX,
    'Currency must equal the currency of the assigned project. Required unless amount-from with amount-to, or amount-sequence, is used. Supported for SRC and DST. When the finish date is reached, the profile goes to stop.',
    AMOUNT_RULE,
  ),
  parameter(
    'amount-from',
    'Conditional',
    'Numeric',
    '10',
    AMOUNT_MAX,
    'With amount-to: every charge is a random amount between the two. Required unless amount or amount-sequence is used. SRC and DST.',
    AMOUNT_RULE,
  ),
  parameter(
    'amount-to',
    'Conditional',
    'Numeric',
    '10',
    AMOUNT_MAX,
    'Pair of amount-from; same rules.',
    AMOUNT_RULE,
  ),
  parameter(
    'amount-sequence',
    'Conditional',
    'Numeric',
    '10',
    AMOUNT_SEQUENCE_MAX_ITEMS * (AMOUNT_MAX + 1) - 1,
    'A list of amounts, charged in order. When repeats exceed the number of elements, the last amount is used. Required unless amount or amount-from with amount-to is used. SRC and DST.',
    `up to ${AMOUNT_SEQUENCE_MAX_ITEMS} amounts separated by commas without spaces, e.g. 10.00,12.50,15.00, each ${AMOUNT_RULE.replace(', e.g. 49.90', '')}`,
  ),
  parameter(
    'currency',
    'Optional',
    'String',
    '3',
    3,
    'Offered by the request builder; must equal the currency of the profile.',
    'a three-letter ISO 4217 code such as EUR',
  ),
  parameter(
    'period',
    'Conditional',
    'String',
    '32',
    32,
    'Allowed values: day, week, month. day charges every day; week every 7 days; month on the same date of the month counted from the start date. Must be given together with interval or omitted together with it. Not supported for DST.',
    'day, week or month',
  ),
  parameter(
    'interval',
    'Conditional',
    'Int',
    '-',
    9,
    'Multiplier applied to period (2 with day means every 2 days). Given or omitted together with period. Not supported for DST.',
    'a whole number from 1 to 999',
  ),
  parameter(
    'customer-ip',
    'Optional',
    'String',
    '45',
    45,
    'Payer IP address. SRC and DST.',
    'an IPv4 or IPv6 address',
  ),
  parameter(
    'country',
    'Optional',
    'String',
    '2',
    2,
    'Payer country.',
    'a two-letter ISO 3166 country code such as US',
  ),
  parameter('city', 'Optional', 'String', '128', 128, 'Payer city.'),
  parameter('address1', 'Optional', 'String', '256', 256, 'Payer address.'),
  parameter('first-name', 'Optional', 'String', '128', 128, 'Payer first name.'),
  parameter('last-name', 'Optional', 'String', '128', 128, 'Payer last name.'),
  parameter(
    'order_desc',
    'Optional',
    'String',
    '65K',
    ORDER_DESC_MAX,
    'Description of the recurring payment.',
  ),
  parameter(
    'zip-code',
    'Optional',
    'String',
    '10',
    10,
    'Payer postal code.',
    'letters, digits, spaces and hyphens',
  ),
  parameter(
    'birthday',
    'Optional',
    'Numeric, format DD.MM.YYYY',
    '8',
    10,
    'Payer birth date.',
    DATE_RULE,
  ),
  parameter('email', 'Optional', 'String', '128', 128, 'Payer e-mail.', 'an e-mail address'),
  parameter('ssn', 'Optional', 'String', '32', 32, 'Social security number.'),
  parameter(
    'phone',
    'Optional',
    'String',
    '128',
    128,
    'Full international number including country code. Not supported for DST.',
    'an international number of 7 to 15 digits, e.g. +1 212 555 0100 (spaces, hyphens and parentheses allowed)',
  ),
  parameter(
    'state',
    'Optional',
    'String',
    '2-3',
    3,
    'Payer state code. Required for USA, Canada and Australia. Not supported for DST.',
    'a state code of 2 or 3 letters or digits, e.g. NY',
  ),
  parameter(
    'start-date',
    'Optional',
    'Numeric, format DD.MM.YYYY',
    '8',
    10,
    'Date of the first scheduled charge.',
    DATE_RULE,
  ),
  parameter(
    'finish-date',
    'Optional',
    'Numeric, format DD.MM.YYYY',
    '8',
    10,
    'Date of the last charge.',
    DATE_RULE,
  ),
  parameter(
    'max-repeats-number',
    'Optional',
    'Int',
    '-',
    9,
    'Index ceiling of recurring transactions; see section 3.',
    'a whole number from 1 to 999999',
  ),
  parameter('purpose', 'Optional', 'String', '128', 128, 'Purpose of the transaction.'),
  parameter(
    'notify_url',
    'Optional',
    'String',
    '1024',
    1024,
    'Notification URL. The sample request writes it as notify-url.',
    'an http:// or https:// URL',
  ),
  parameter(
    'server_callback_url',
    'Optional',
    'String',
    '128',
    128,
    'URL that receives a callback when the transaction reaches a final status. Send either notify_url or server_callback_url, not both.',
    'an http:// or https:// URL',
  ),
]

/** Other spellings accepted for a parameter: the spec's sample and the request builder use them. */
export const RECURRING_UPDATE_ALIASES: Readonly<Record<string, string>> = {
  'notify-url': 'notify_url',
  'e-mail': 'email',
}

const definitions = new Map(RECURRING_UPDATE_PARAMETERS.map((d) => [d.name, d]))

/** Countries whose payer state is required (spec §4.2). */
export const STATE_REQUIRED_COUNTRIES = ['US', 'CA', 'AU'] as const
/** Parameters a DST profile does not support (spec §4.2). */
export const NOT_FOR_DST = ['period', 'interval', 'phone', 'state'] as const

/**
 * Bounded input for an IPC channel: known names (or their aliases) only, every value within its
 * maximum length. The friendlier checks are in validateRecurringUpdate.
 */
export const recurringUpdateInputSchema = z.strictObject(
  Object.fromEntries([
    ...RECURRING_UPDATE_PARAMETERS.map((d) => [d.name, z.string().max(d.maxLength).optional()]),
    ...Object.entries(RECURRING_UPDATE_ALIASES).map(([alias, name]) => [
      alias,
      z.string().max(definitions.get(name)!.maxLength).optional(),
    ]),
  ]) as Record<string, z.ZodOptional<z.ZodString>>,
)

export interface CalendarDate {
  year: number
  month: number
  day: number
}

const DOTTED_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/

/** Parses DD.MM.YYYY into a real calendar date (no 31.02), or null. */
export function parseDottedDate(text: string): CalendarDate | null {
  const match = DOTTED_DATE.exec(text)
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

const compareDates = (a: CalendarDate, b: CalendarDate) =>
  a.year - b.year || a.month - b.month || a.day - b.day

const AMOUNT_PATTERN = new RegExp(`^\\d{1,${AMOUNT_MAX}}(\\.\\d{1,${AMOUNT_FRACTION_DIGITS}})?$`)

/** The amount in minor units (cents), or null when it is not an amount the gateway accepts. */
export function parseAmount(text: string): number | null {
  if (!AMOUNT_PATTERN.test(text)) return null
  const [units, fraction = ''] = text.split('.')
  return Number(units) * 100 + Number(fraction.padEnd(AMOUNT_FRACTION_DIGITS, '0'))
}

/** The Luhn check digit test every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
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

const DATE_PARAMETERS = new Set(['birthday', 'start-date', 'finish-date'])
const CARD_FIELDS = ['card-printed-name', 'expire-year', 'expire-month'] as const
const CARD_FIELD_HINTS: Record<(typeof CARD_FIELDS)[number], string> = {
  'card-printed-name': 'enter the name as printed on the card',
  'expire-year': 'enter the four-digit expiry year on the card',
  'expire-month': 'enter the expiry month on the card (1 to 12)',
}

/**
 * The request's parameters under their canonical names: aliases resolved, and empty values
 * dropped (an empty form input means "not given").
 */
export function canonicalRecurringUpdate(params: Record<string, string>): Record<string, string> {
  const canonical: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) {
    if (value === '') continue
    canonical[RECURRING_UPDATE_ALIASES[name] ?? name] ??= value
  }
  return canonical
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
    }
  }
  if (DATE_PARAMETERS.has(name) && DOTTED_DATE.test(value)) {
    return {
      parameter: name,
      code: 'invalid-date',
      message: `${name} "${value}" is not a real calendar date: enter ${DATE_RULE}`,
    }
  }
  return {
    parameter: name,
    code: 'invalid-format',
    message: `${name} has the wrong format: enter ${expects}`,
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
      })
    } else if (value.length > definition.maxLength) {
      issues.push({
        parameter: name,
        code: 'too-long',
        message: `${name} is ${value.length} characters long, more than its maximum of ${definition.maxLength}: shorten it`,
      })
    } else {
      const issue = formatIssue(name, value)
      if (issue) issues.push(issue)
    }
  }
  return issues
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
      }))
  }
  return CARD_FIELDS.filter((name) => params[name] === undefined).map((name) => ({
    parameter: name,
    code: 'missing',
    message: `${name} is required when credit-card-number is given: ${CARD_FIELD_HINTS[name]}`,
  }))
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
    })
  } else if (rules.length > 1) {
    issues.push({
      parameter: has('amount') ? 'amount' : 'amount-sequence',
      code: 'mutually-exclusive',
      message: `${rules.join(' and ')} cannot be combined: give exactly one amount rule`,
    })
  }
  const from = parseAmount(params['amount-from'] ?? '')
  const to = parseAmount(params['amount-to'] ?? '')
  if (from !== null && to !== null && from > to) {
    issues.push({
      parameter: 'amount-from',
      code: 'range-order',
      message: `amount-from (${params['amount-from']}) is greater than amount-to (${params['amount-to']}): swap them`,
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
    })
  }
  const start = parseDottedDate(params['start-date'] ?? '')
  const finish = parseDottedDate(params['finish-date'] ?? '')
  if (start && finish && compareDates(start, finish) > 0) {
    issues.push({
      parameter: 'finish-date',
      code: 'range-order',
      message: `finish-date (${params['finish-date']}) is before start-date (${params['start-date']}): choose a finish date on or after the start date`,
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
    })
  }
  if (params['notify_url'] !== undefined && params['server_callback_url'] !== undefined) {
    issues.push({
      parameter: 'server_callback_url',
      code: 'mutually-exclusive',
      message: 'notify_url and server_callback_url cannot both be given: send only one of them',
    })
  }
  return issues
}

/**
 * Checks an update-recurring-payment request against spec §4.2. `profileType` adds the rules that
 * depend on the profile (DST restrictions); without it those are left to the server.
 */
export function validateRecurringUpdate(
  params: Record<string, string>,
  profileType?: RecurringProfileType,
): RecurringUpdateIssue[] {
  const canonical = canonicalRecurringUpdate(params)
  const required: RecurringUpdateIssue[] = ['client-orderid', 'recurring-payment-id']
    .filter((name) => canonical[name] === undefined)
    .map((name) => ({
      parameter: name,
      code: 'missing',
      message:
        name === 'client-orderid'
          ? 'client-orderid is required: enter your order identifier for this update'
          : 'recurring-payment-id is required: enter the identifier the gateway gave the profile',
    }))
  return [
    ...required,
    ...fieldIssues(params),
    ...cardIssues(canonical),
    ...amountIssues(canonical),
    ...scheduleIssues(canonical),
    ...payerIssues(canonical, profileType),
  ]
}
