import { z } from 'zod'
import {
  AMOUNT_FRACTION_DIGITS,
  AMOUNT_MAX_DIGITS,
  AMOUNT_SEQUENCE_MAX_ITEMS,
} from './recurring-values'

/**
 * The parameter table of update-recurring-payment (spec §4.2), written once: the renderer's form
 * shows it live and the sandbox enforces it server-side (recurring-validation.ts). Decisions on
 * the spec's vague points are listed in main/sandbox/ERROR-CODES.md.
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

/** The spec's "65K" for order_desc, read as 65,535 characters. */
const ORDER_DESC_MAX = 65_535

export const DATE_RULE = 'a date written DD.MM.YYYY, e.g. 31.01.2027'
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
    AMOUNT_MAX_DIGITS,
    'Currency must equal the currency of the assigned project. Required unless amount-from with amount-to, or amount-sequence, is used. Supported for SRC and DST. When the finish date is reached, the profile goes to stop.',
    AMOUNT_RULE,
  ),
  parameter(
    'amount-from',
    'Conditional',
    'Numeric',
    '10',
    AMOUNT_MAX_DIGITS,
    'With amount-to: every charge is a random amount between the two. Required unless amount or amount-sequence is used. SRC and DST.',
    AMOUNT_RULE,
  ),
  parameter(
    'amount-to',
    'Conditional',
    'Numeric',
    '10',
    AMOUNT_MAX_DIGITS,
    'Pair of amount-from; same rules.',
    AMOUNT_RULE,
  ),
  parameter(
    'amount-sequence',
    'Conditional',
    'Numeric',
    '10',
    AMOUNT_SEQUENCE_MAX_ITEMS * (AMOUNT_MAX_DIGITS + 1) - 1,
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

/** Countries whose payer state is required (spec §4.2). */
export const STATE_REQUIRED_COUNTRIES = ['US', 'CA', 'AU'] as const
/** Parameters a DST profile does not support (spec §4.2). */
export const NOT_FOR_DST = ['period', 'interval', 'phone', 'state'] as const

/** The parameters every update must give (the table's Required ones). */
export const REQUIRED_PARAMETERS: readonly string[] = RECURRING_UPDATE_PARAMETERS.filter(
  (d) => d.necessity === 'Required',
).map((d) => d.name)

/**
 * Card and identity data, by the kind of mask it gets: never stored whole, never in a draft, and
 * masked wherever a request is shown or kept (main/platform/privacy/redaction.ts).
 */
export const SENSITIVE_PARAMETER_KINDS = {
  'credit-card-number': 'card-number',
  cvv2: 'card-code',
  ssn: 'ssn',
} as const

export type SensitiveKind =
  (typeof SENSITIVE_PARAMETER_KINDS)[keyof typeof SENSITIVE_PARAMETER_KINDS]

export const SENSITIVE_PARAMETERS = Object.keys(SENSITIVE_PARAMETER_KINDS) as readonly string[]

export const isSensitiveParameter = (name: string): boolean =>
  Object.hasOwn(SENSITIVE_PARAMETER_KINDS, name)

/** The card's parameters: replacing the card takes all but cvv2 together. */
export const CARD_PARAMETERS = [
  'credit-card-number',
  'card-printed-name',
  'expire-year',
  'expire-month',
  'cvv2',
] as const

/** The payer's parameters, in the order the editor shows them and the sandbox keeps them. */
export const PAYER_PARAMETERS = [
  'first-name',
  'last-name',
  'email',
  'phone',
  'address1',
  'city',
  'zip-code',
  'country',
  'state',
  'birthday',
  'ssn',
  'customer-ip',
] as const

export type PayerParameter = (typeof PAYER_PARAMETERS)[number]

export const RECURRING_PARAMETER_DEFINITIONS: ReadonlyMap<string, RecurringParameterDefinition> =
  new Map(RECURRING_UPDATE_PARAMETERS.map((d) => [d.name, d]))
const definitions = RECURRING_PARAMETER_DEFINITIONS

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
