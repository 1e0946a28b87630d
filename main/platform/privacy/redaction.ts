import {
  SENSITIVE_PARAMETER_KINDS,
  type SensitiveKind,
} from '../../../preload/contract/recurring/recurring-parameters'
import { passesLuhn } from '../../../preload/contract/recurring/recurring-values'
import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { Parameter } from './parameter'

/**
 * The one place that decides what of a request may be kept: card numbers masked to the first 6
 * and last 4 digits, cvv2 dropped, SSN masked to its last 4 characters, wherever they appear (in
 * other fields, in what the gateway echoes), and any other card number found in free text masked
 * too. Everything stored, shown or logged about a request passes here.
 */

const namesOf = (kind: SensitiveKind) =>
  Object.entries(SENSITIVE_PARAMETER_KINDS)
    .filter(([, of]) => of === kind)
    .map(([name]) => name)
// The contract's names, and other spellings a request or an echo may use.
const CARD_NUMBER = new Set([...namesOf('card-number'), 'card-number'])
const CARD_CODE = new Set([...namesOf('card-code'), 'cvv', 'cvc', 'cvc2'])
const SSN = new Set(namesOf('ssn'))
/** Identifiers staff search by; a card number never belongs there. */
const IDENTIFIERS = new Set(['client-orderid', 'recurring-payment-id'])

const canonical = (name: string) => name.toLowerCase().replaceAll('_', '-')

/** Whether a parameter holds card data: a card number, a card security code or an SSN. */
export function isCardData(name: string): boolean {
  const key = canonical(name)
  return CARD_NUMBER.has(key) || CARD_CODE.has(key) || SSN.has(key)
}

/** `4111111111111111` → `411111******1111`; a value too short to be a card is masked whole. */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '')
  if (digits.length < 13) return '*'.repeat(digits.length || value.length)
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`
}

/** `123-45-6789` → `***-**-6789`; separators stay, and a value of 4 characters or fewer is masked whole. */
export function maskSsn(value: string): string {
  const total = value.match(/[A-Za-z0-9]/g)?.length ?? 0
  let seen = 0
  return value.replace(/[A-Za-z0-9]/g, (char) => (++seen > total - 4 && total > 4 ? char : '*'))
}

// 13 to 19 digits in one run, not inside a longer number; or in groups (4-4-4-4, 4-6-5,
// 4-4-4-4-3) split by one kind of separator (a space or two, a dot, a comma, a dash), standing as
// a word of their own (so the groups of a serial number such as
// 0000000a-0000-0000-0000-000000000000 are left alone), maybe followed by other numbers (an
// expiry date).
const CARD_IN_TEXT =
  /(?<!\d)\d{13,19}(?!\d)|(?<![0-9A-Za-z]|[0-9A-Za-z][.,-])\d{4}( {1,2}|[.,-])\d{4,6}(?:\1\d{3,5}){1,3}(?![0-9A-Za-z]|[.,-][0-9A-Za-z])/g

/** Masks every card number (13–19 digits passing the Luhn check) found in free text. */
export function redactText(text: string): string {
  return text.replace(CARD_IN_TEXT, (match) => {
    const digits = match.replace(/\D/g, '')
    if (digits.length < 13 || digits.length > 19 || !passesLuhn(digits)) return match
    let index = 0
    return match.replace(/\d/g, (digit) => {
      index++
      return index <= 6 || index > digits.length - 4 ? digit : '*'
    })
  })
}

// Between the characters of a long value echoed back: any run of separators, each any character
// but a letter or digit, or a percent escape, as a card number or an SSN may be regrouped (4111
// 1111, 4111,1111, 4111  1111, 4111 -- 1111, 4111%201111). Only the exact characters sent, in
// their order, count, so no other number is taken for it.
const ECHO_SEPARATOR = '(?:%[0-9A-Fa-f]{2}|[^0-9A-Za-z])*'
// A short value (a CVV2) counts only on its own, so "987" leaves 9870 and 9.87 alone; an escape
// such as %3D (=) before it still ends the word before it.
const WORD_START = '(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2}))'
// After its label, a card code spread by separators (cvv2: 1 2 3) is the card code too.
const CARD_CODE_LABEL = `(?<=(?:cvv2?|cvc2?|cid|csc|security[ _-]?code)${ECHO_SEPARATOR})`

/**
 * Finds a value sent wherever it is echoed, each of its characters captured on its own so each
 * can be masked in place; none for a value with nothing to find.
 */
function echoesOf(value: string, kind: SensitiveKind): RegExp[] {
  const characters = value.match(/[A-Za-z0-9]/g)?.map((character) => `(${character})`)
  if (!characters) return []
  const spread = characters.join(ECHO_SEPARATOR)
  if (characters.length >= 6) return [new RegExp(spread, 'dgi')]
  const alone = new RegExp(`${WORD_START}${characters.join('')}(?![A-Za-z0-9])`, 'dgi')
  if (kind !== 'card-code') return [alone]
  return [alone, new RegExp(`${CARD_CODE_LABEL}${spread}(?![A-Za-z0-9])`, 'dgi')]
}

/** Which characters of an echoed value stay readable, by their place among its `count`. */
const SHOWN: Record<SensitiveKind, (index: number, count: number) => boolean> = {
  'card-number': (index, count) => count >= 13 && (index < 6 || index >= count - 4),
  ssn: (index, count) => count > 4 && index >= count - 4,
  'card-code': () => false,
}

function kindOf(key: string): SensitiveKind | null {
  if (CARD_NUMBER.has(key)) return 'card-number'
  if (SSN.has(key)) return 'ssn'
  return CARD_CODE.has(key) ? 'card-code' : null
}

/** Adds to `masked` the places in `text` of the characters of each echo that must not be read. */
function markEcho(
  text: string,
  echo: RegExp,
  shown: (index: number, count: number) => boolean,
  masked: Set<number>,
): void {
  echo.lastIndex = 0
  // Overlapping echoes too (a value such as 4444… found again one digit on): each masks its part.
  for (let found = echo.exec(text); found !== null; found = echo.exec(text)) {
    const count = found.length - 1
    for (let index = 0; index < count; index++) {
      if (!shown(index, count)) masked.add(found.indices![index + 1]![0])
    }
    echo.lastIndex = found.index + 1
  }
}

/** A message's parameters with every text as `redact` leaves it; numbers stay as they are. */
export function redactMessageParams(
  params: MessageParams,
  redact: (text: string) => string = redactText,
): MessageParams {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? redact(value) : value,
    ]),
  )
}

/**
 * Masks, in any text about a request (what the gateway answered, a page echoing the request, the
 * request's own free-text fields), the card number, CVV2 and SSN sent, then any other card
 * number. Every echo of every value is found in the text as received and masked in place, so a
 * shorter value (a CVV2 of 123) cannot hide a longer one (an SSN of 123-45-6789) by being masked
 * first. Apply it to the whole text before cutting it short: a cut card number is no longer
 * recognisable.
 */
export function redactorFor(sent: readonly Parameter[]): (text: string) => string {
  const echoes: [RegExp, (index: number, count: number) => boolean][] = []
  for (const [name, value] of sent) {
    const kind = kindOf(canonical(name))
    if (kind === null) continue
    for (const echo of echoesOf(value, kind)) echoes.push([echo, SHOWN[kind]])
  }
  return (text) => {
    const masked = new Set<number>()
    for (const [echo, shown] of echoes) markEcho(text, echo, shown, masked)
    let kept = ''
    let from = 0
    for (const at of [...masked].sort((a, b) => a - b)) {
      kept += `${text.slice(from, at)}*`
      from = at + 1
    }
    return redactText(kept + text.slice(from))
  }
}

/** What a card number, CVV2 or SSN sent is replaced with; null for any other parameter. */
function secretMask(key: string, value: string): string | null {
  switch (kindOf(key)) {
    case 'card-number':
      return maskCardNumber(value)
    case 'ssn':
      return maskSsn(value)
    case 'card-code':
      return '***'
    case null:
      return null
  }
}

/**
 * The request parameters as they may be shown for a moment (a request preview): like
 * redactParameters, but a CVV2 stays in its place as *** so the request's shape is visible.
 */
export function maskParameters(parameters: readonly Parameter[]): Parameter[] {
  const redact = redactorFor(parameters)
  return parameters.map(([name, value]) => {
    const key = canonical(name)
    const mask = secretMask(key, value)
    return [name, mask ?? (IDENTIFIERS.has(key) ? value : redact(value))]
  })
}

/** The request parameters as they may be kept. */
export function redactParameters(parameters: readonly Parameter[]): Parameter[] {
  const kept: Parameter[] = []
  const redact = redactorFor(parameters)
  for (const [name, value] of parameters) {
    const key = canonical(name)
    if (CARD_CODE.has(key)) continue
    if (CARD_NUMBER.has(key)) kept.push([name, maskCardNumber(value)])
    else if (SSN.has(key)) kept.push([name, maskSsn(value)])
    else if (IDENTIFIERS.has(key)) kept.push([name, value])
    else kept.push([name, redact(value)])
  }
  return kept
}
