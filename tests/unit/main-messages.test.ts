import { describe, expect, it } from 'vitest'
import { validateRecurringUpdate } from '../../preload/contract/recurring-validation'
import type { RecurringUpdateIssue } from '../../preload/contract/recurring-validation'
import { createAppI18n } from '../../renderer/src/i18n/create'
import { explainWith, type Wording } from '../../renderer/src/i18n/main-messages'
import { en } from '../../renderer/src/locales/en'

const wording = (locale: 'en' | 'ru') => createAppI18n(locale).global as unknown as Wording

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
]

// Each combination of amount rules is worded on its own.
for (const extra of [
  { 'amount-from': '1.00', 'amount-to': '2.00' },
  { 'amount-sequence': '1.00,2.00' },
  { 'amount-from': '1.00', 'amount-to': '2.00', 'amount-sequence': '1.00,2.00' },
]) {
  broken.push([{ ...base, amount: '10.00', ...extra }])
}

const issues: RecurringUpdateIssue[] = broken.flatMap(([params, type]) =>
  validateRecurringUpdate(params, type, { year: 2026, month: 11, day: 23 }),
)

/** Every code the English locale words under main.recurring, e.g. "recurring.required.client-orderid". */
function codes(tree: object, prefix: string): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}.${key}`] : codes(value, `${prefix}.${key}`),
  )
}

describe("main's messages in the window's language", () => {
  it('cover every recurring rule: each issue carries a code, and the test meets every code', () => {
    expect(issues.filter((issue) => !issue.messageCode)).toEqual([])
    const met = new Set(issues.map((issue) => issue.messageCode))
    expect(codes(en.main.recurring, 'recurring').filter((code) => !met.has(code))).toEqual([])
  })

  it('read in English exactly as main words them', () => {
    const english = wording('en')
    for (const issue of issues) expect(explainWith(english, issue)).toBe(issue.message)
  })

  it('read in Russian with every value filled in', () => {
    const russian = wording('ru')
    for (const issue of issues) {
      const text = explainWith(russian, issue)
      expect(text, issue.message).not.toBe(issue.message)
      expect(text, issue.message).not.toMatch(/[{}]|[a-z]{4,} (is|are|the|must) /)
      for (const value of Object.values(issue.params ?? {})) expect(text).toContain(String(value))
    }
    const tooLong = issues.find((issue) => issue.messageCode === 'recurring.too-long-expects')!
    expect(explainWith(russian, tooLong)).toBe(
      'country слишком длинный (длина 3, максимум 2): укажите двухбуквенный код страны ISO 3166, например US',
    )
  })

  it("words the IPC envelope's own failures, and keeps main's English for codes it does not know", () => {
    const russian = wording('ru')
    expect(
      explainWith(russian, {
        message: '"reports:run" failed inside GateDesk.',
        messageCode: 'ipc.failed-inside',
        params: { channel: 'reports:run' },
      }),
    ).toBe('Внутренняя ошибка GateDesk при выполнении «reports:run».')
    const unknown = { message: 'The keychain is locked.', messageCode: 'keychain.locked-someday' }
    expect(explainWith(russian, unknown)).toBe('The keychain is locked.')
    expect(explainWith(russian, { message: 'No code at all.' })).toBe('No code at all.')
  })
})
