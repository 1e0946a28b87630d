import { describe, expect, it } from 'vitest'
import { en } from '../../../preload/contract/locales/en'
import { explainWith } from '../../../preload/contract/locales/explain'
import type { RecurringUpdateIssue } from '../../../preload/contract/recurring/recurring-issue'
import { validateRecurringUpdate } from '../../../preload/contract/recurring/recurring-validation'
import { catalogWording } from '../../../main/platform/i18n/catalog-wording'

const base = { 'client-orderid': 'order-1', 'recurring-payment-id': 'rp-1' }
const card = { 'credit-card-number': '4111111111111111' }

/** Requests that between them break every rule the contract words with a code. */
const broken: [Record<string, string>, ('DST' | undefined)?][] = [
  [{}],
  [{ ...base, amount: '0' }],
  [{ ...base, amount: '10.00', birthday: '31.02.1990', currency: 'E1R' }],
  [
    {
      ...base,
      amount: '10.00',
      'notify-url': 'https://a.example',
      notify_url: 'https://b.example',
    },
  ],
  [{ ...base, amount: '10.00', 'no-such-parameter': 'x', country: 'USA' }],
  [{ ...base, amount: '10.00', order_desc: 'x'.repeat(70_000) }],
  [{ ...base, amount: '10.00', ...card, 'expire-year': '2020', 'expire-month': '1' }],
  [{ ...base, amount: '10.00', ...card }],
  [{ ...base, amount: '10.00', cvv2: '123' }],
  [{ ...base, 'amount-from': '20.00' }],
  [{ ...base, 'amount-from': '20.00', 'amount-to': '10.00', 'amount-sequence': '1.00,2.00' }],
  [
    {
      ...base,
      amount: '10.00',
      period: 'week',
      'start-date': '02.01.2027',
      'finish-date': '01.01.2027',
    },
  ],
  [{ ...base, amount: '10.00', phone: '+1 212 555 0100' }, 'DST'],
  [{ ...base, amount: '10.00', country: 'US' }],
  [
    {
      ...base,
      amount: '10.00',
      notify_url: 'https://a.example',
      server_callback_url: 'https://b.example',
    },
  ],
  [
    {
      ...base,
      amount: '10.00',
      ...card,
      'card-printed-name': 'A B',
      'expire-year': '2030',
      'expire-month': '13',
    },
  ],
  // Each combination of amount rules is worded on its own.
  [{ ...base, amount: '10.00', 'amount-from': '1.00', 'amount-to': '2.00' }],
  [{ ...base, amount: '10.00', 'amount-sequence': '1.00,2.00' }],
  [
    {
      ...base,
      amount: '10.00',
      'amount-from': '1.00',
      'amount-to': '2.00',
      'amount-sequence': '1.00,2.00',
    },
  ],
]

const issues: RecurringUpdateIssue[] = broken.flatMap(([params, type]) =>
  validateRecurringUpdate(params, type, { year: 2026, month: 11, day: 23 }),
)

/** Every code the English catalog words under main.recurring, e.g. "recurring.required.client-orderid". */
function codes(tree: object, prefix: string): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}.${key}`] : codes(value, `${prefix}.${key}`),
  )
}

// The contract words its issues itself (the window, main and the CLI share it), in English next
// to their code: that English must stay the catalog's, and every code must have Russian.
describe("the recurring rules' issues in the catalog's words", () => {
  it('each carry a code, and between them every code the catalog words', () => {
    expect(issues.filter((issue) => !issue.messageCode)).toEqual([])
    const met = new Set(issues.map((issue) => issue.messageCode))
    expect(codes(en.main.recurring, 'recurring').filter((code) => !met.has(code))).toEqual([])
  })

  it('read in English exactly as the catalog words them', () => {
    for (const issue of issues) expect(explainWith(catalogWording('en'), issue)).toBe(issue.message)
  })

  it('read in Russian with every value filled in', () => {
    const russian = catalogWording('ru')
    for (const issue of issues) {
      const text = explainWith(russian, issue)
      expect(text, issue.message).not.toBe(issue.message)
      expect(text, issue.message).not.toMatch(/[{}]|[a-z]{4,} (is|are|the|must) /)
      for (const value of Object.values(issue.params ?? {})) expect(text).toContain(String(value))
    }
    const tooLong = issues.find((issue) => issue.messageCode === 'recurring.too-long-expects')!
    expect(explainWith(russian, tooLong)).toBe(
      'country слишком длинный (длина 3, максимум 2). Ожидается: двухбуквенный код страны ISO 3166, например US',
    )
  })
})
