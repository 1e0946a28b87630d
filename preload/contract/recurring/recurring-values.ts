/**
 * The value helpers of update-recurring-payment: dates as the spec writes them (DD.MM.YYYY),
 * amounts and card numbers. Pure, for the form, the validation and the sandbox alike.
 */

/** Amounts have at most two fraction digits: the currencies the gateway bills in have two. */
export const AMOUNT_FRACTION_DIGITS = 2
/** The spec's length 10 for an amount: its digits before the dot. */
export const AMOUNT_MAX_DIGITS = 10
/** amount-sequence travels as one comma-separated value; the spec's length 10 is per amount. */
export const AMOUNT_SEQUENCE_MAX_ITEMS = 100
export const AMOUNT_SEQUENCE_SEPARATOR = ','

const AMOUNT_PATTERN = new RegExp(
  `^\\d{1,${AMOUNT_MAX_DIGITS}}(\\.\\d{1,${AMOUNT_FRACTION_DIGITS}})?$`,
)

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
