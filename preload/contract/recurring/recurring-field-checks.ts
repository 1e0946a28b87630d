import { z } from 'zod'
import {
  canonicalRecurringUpdate,
  DATE_RULE,
  RECURRING_PARAMETER_DEFINITIONS as definitions,
  RECURRING_UPDATE_ALIASES,
} from './recurring-parameters'
import type { RecurringUpdateIssue } from './recurring-issue'
import {
  AMOUNT_SEQUENCE_MAX_ITEMS,
  AMOUNT_SEQUENCE_SEPARATOR,
  parseAmount,
  passesLuhn,
} from './recurring-values'
import { DOTTED_DATE, parseDottedDate } from '../platform/calendar'

/** Spec §4.2's checks of each parameter on its own: known name, length, format. */

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
export const FORMATS: Readonly<Record<string, z.ZodType<string>>> = {
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
export function fieldIssues(params: Record<string, string>): RecurringUpdateIssue[] {
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
