import { passesLuhn } from '../../preload/contract/recurring-update-rules'
import type { Parameter } from '../gateway/form-codec'

/**
 * The one place that decides what of a request may be kept: card numbers masked to the first 6
 * and last 4 digits, cvv2 dropped, SSN masked to its last 4 characters, and any other card
 * number found in free text masked too. Everything stored or logged about a request passes here.
 */

const CARD_NUMBER = new Set(['credit-card-number', 'card-number'])
const CARD_CODE = new Set(['cvv2', 'cvv', 'cvc', 'cvc2'])
const SSN = new Set(['ssn'])
/** Identifiers staff search by; a card number never belongs there. */
const IDENTIFIERS = new Set(['client-orderid', 'recurring-payment-id'])

const canonical = (name: string) => name.toLowerCase().replaceAll('_', '-')

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

// 13 to 19 digits, maybe grouped by single spaces or dashes, not inside a longer number.
const CARD_IN_TEXT = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d])/g

/** Masks every card number (13–19 digits passing the Luhn check) found in free text. */
export function redactText(text: string): string {
  return text.replace(CARD_IN_TEXT, (match) => {
    const digits = match.replace(/\D/g, '')
    if (!passesLuhn(digits)) return match
    let index = 0
    return match.replace(/\d/g, (digit) => {
      index++
      return index <= 6 || index > digits.length - 4 ? digit : '*'
    })
  })
}

/** The request parameters as they may be kept. */
export function redactParameters(parameters: readonly Parameter[]): Parameter[] {
  const kept: Parameter[] = []
  for (const [name, value] of parameters) {
    const key = canonical(name)
    if (CARD_CODE.has(key)) continue
    if (CARD_NUMBER.has(key)) kept.push([name, maskCardNumber(value)])
    else if (SSN.has(key)) kept.push([name, maskSsn(value)])
    else if (IDENTIFIERS.has(key)) kept.push([name, value])
    else kept.push([name, redactText(value)])
  }
  return kept
}
