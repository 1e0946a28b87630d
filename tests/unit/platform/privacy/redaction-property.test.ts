import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redactorFor } from '../../../../main/platform/privacy/redaction'

// For any card number, CVV2 and SSN sent, and any text echoing them (regrouped by any separators,
// labelled or not, among other words), what the redactor leaves must satisfy the rules of PCI
// masking: of the card number only the first 6 and last 4 digits, of the SSN only the last 4, and
// never a CVV2 next to its label.

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })
/** What may stand between two digits of an echoed value: any run of separators, escapes included. */
const SEPARATORS = [' ', '-', ',', '.', '/', '_', '+', '\t', '\n', '%20', '%2C', '%2F']
const gap = fc
  .array(fc.constantFrom(...SEPARATORS), { maxLength: 8 })
  .map((units) => units.join(''))
const gaps = (count: number) => fc.array(gap, { minLength: count, maxLength: count })
// A word of Latin letters parts the echoes, so the digits of two never read as one number.
const word = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzXYZ'),
  minLength: 1,
  maxLength: 8,
})
/** Other words around the echoes: no digits (they could only add to what is checked). */
const noise = fc.tuple(
  word,
  fc.string({ unit: fc.constantFrom(...'abcxyzéя ,.;:()[]"\'!?€«»'), maxLength: 12 }),
)
const CVV_LABELS = ['cvv2', 'CVV2', 'cvv', 'CVC', 'cvc2', 'security code']

interface Echo {
  kind: 'card-number' | 'ssn' | 'card-code'
  /** Where each character of the value stands in the text. */
  at: number[]
}

/** `value`'s characters with `between[i]` after the i-th: the text and each character's place. */
function spread(value: string, between: readonly string[]): { text: string; at: number[] } {
  let text = ''
  const at: number[] = []
  for (const [index, character] of [...value].entries()) {
    if (index > 0) text += between[index - 1]
    at.push(text.length)
    text += character
  }
  return { text, at }
}

const sample = fc
  .record({
    pan: digits(13, 19),
    cvv: digits(3, 4),
    ssn: digits(9, 9),
    ssnSentDashed: fc.boolean(),
    panGaps: gaps(18),
    ssnGaps: gaps(8),
    // After its label, a CVV2 may be spread too (cvv2: 1 2 3).
    cvvGaps: gaps(3),
    panLabel: fc.constantFrom('', 'card ', 'PAN: ', 'credit-card-number='),
    ssnLabel: fc.constantFrom('', 'ssn ', 'SSN: '),
    cvvLabel: fc.constantFrom(...CVV_LABELS),
    cvvLabelGap: fc
      .array(fc.constantFrom(' ', ':', '=', '%3D', '-', '#'), { minLength: 1, maxLength: 3 })
      .map((units) => units.join('')),
    order: fc.shuffledSubarray(['card-number', 'ssn', 'card-code'] as const, {
      minLength: 3,
      maxLength: 3,
    }),
    noises: fc.array(noise, { minLength: 4, maxLength: 4 }),
  })
  .map((s) => {
    const parts: Record<Echo['kind'], { label: string; text: string; at: number[] }> = {
      'card-number': { label: s.panLabel, ...spread(s.pan, s.panGaps) },
      ssn: { label: s.ssnLabel, ...spread(s.ssn, s.ssnGaps) },
      'card-code': { label: `${s.cvvLabel}${s.cvvLabelGap}`, ...spread(s.cvv, s.cvvGaps) },
    }
    let text = s.noises[0]!.join('')
    const echoes: Echo[] = []
    s.order.forEach((kind, index) => {
      const part = parts[kind]
      text += ` ${part.label}`
      echoes.push({ kind, at: part.at.map((at) => text.length + at) })
      text += `${part.text} ${s.noises[index + 1]!.join('')}`
    })
    const ssnSent = s.ssnSentDashed
      ? `${s.ssn.slice(0, 3)}-${s.ssn.slice(3, 5)}-${s.ssn.slice(5)}`
      : s.ssn
    return { ...s, text, echoes, ssnSent }
  })

/** Which characters of an echoed value may still be read, by their place among `count`. */
const MAY_SHOW: Record<Echo['kind'], (index: number, count: number) => boolean> = {
  'card-number': (index, count) => index < 6 || index >= count - 4,
  ssn: (index, count) => index >= count - 4,
  'card-code': () => false,
}

describe('the redactor of what was sent, for any echo of it', () => {
  it('leaves at most the first 6 and last 4 card digits, the last 4 of the SSN, and no CVV2', () => {
    fc.assert(
      fc.property(sample, ({ pan, cvv, ssnSent, text, echoes, cvvLabel }) => {
        const redact = redactorFor([
          ['client-orderid', 'ORD-1'],
          ['credit-card-number', pan],
          ['cvv2', cvv],
          ['ssn', ssnSent],
          ['order_desc', text],
        ])
        const kept = redact(text)
        // Masked in place, so each echo is where it was.
        expect(kept).toHaveLength(text.length)
        for (const { kind, at } of echoes) {
          at.forEach((place, index) => {
            if (!MAY_SHOW[kind](index, at.length))
              expect(kept[place], `${kind} in ${kept}`).toBe('*')
          })
        }
        // The same rules read from the text: no 7 digits in a row once separators are gone
        // (the most a masked card number shows is 6), and no CVV2 after its label.
        const joined = kept.replace(/%[0-9A-Fa-f]{2}/g, '').replace(/[^0-9A-Za-z*]/g, '')
        expect(joined).not.toMatch(/\d{7}/)
        expect(kept).not.toMatch(new RegExp(`${cvvLabel}(?:%[0-9A-Fa-f]{2}|[^0-9A-Za-z])*${cvv}`))
      }),
      { numRuns: 400 },
    )
  })
})
