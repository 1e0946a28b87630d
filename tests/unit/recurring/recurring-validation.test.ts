import { describe, expect, it } from 'vitest'
import {
  RECURRING_UPDATE_PARAMETERS,
  recurringUpdateInputSchema,
  type RecurringProfileType,
} from '../../../preload/contract/recurring/recurring-parameters'
import { validateRecurringUpdate } from '../../../preload/contract/recurring/recurring-validation'

const base = { 'client-orderid': 'ORD-1', 'recurring-payment-id': '100001', amount: '10.00' }

function issuesOf(
  extra: Record<string, string>,
  type?: RecurringProfileType,
  without: string[] = [],
) {
  const params: Record<string, string> = { ...base, ...extra }
  for (const name of without) delete params[name]
  return validateRecurringUpdate(params, type)
}

/** The one issue a change causes, as [parameter, code]. */
function onlyIssue(extra: Record<string, string>, type?: RecurringProfileType, without?: string[]) {
  const issues = issuesOf(extra, type, without)
  expect(issues).toHaveLength(1)
  return issues[0]!
}

describe('the parameter table of spec §4.2', () => {
  it('lists every parameter of the spec once, with the request builder extras', () => {
    const names = RECURRING_UPDATE_PARAMETERS.map((p) => p.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual(
      expect.arrayContaining([
        'client-orderid',
        'order_desc',
        'notify_url',
        'server_callback_url',
        'amount-sequence',
        'cvv2',
        'currency',
      ]),
    )
    expect(RECURRING_UPDATE_PARAMETERS.find((p) => p.name === 'order_desc')).toMatchObject({
      specLength: '65K',
      maxLength: 65_535,
    })
  })

  it('accepts a minimal update and a full one', () => {
    expect(issuesOf({})).toEqual([])
    expect(
      issuesOf({
        'credit-card-number': '4111111111111111',
        'card-printed-name': 'ANNA ONEIL',
        'expire-year': '2030',
        'expire-month': '7',
        cvv2: '123',
        period: 'month',
        interval: '1',
        'customer-ip': '2001:db8::1',
        country: 'US',
        state: 'NY',
        city: 'New York',
        'zip-code': '10001',
        birthday: '29.02.1996',
        email: 'anna@example.com',
        phone: '+1 (212) 555-0100',
        'start-date': '01.12.2026',
        'finish-date': '01.12.2027',
        'max-repeats-number': '12',
        'notify-url': 'https://127.0.0.1:9000/callback?x=1',
        order_desc: 'x'.repeat(65_535),
      }),
    ).toEqual([])
  })
})

describe('validateRecurringUpdate', () => {
  it('requires client-orderid and recurring-payment-id, treating an empty value as absent', () => {
    const issue = onlyIssue({ 'client-orderid': '' })
    expect(issue).toMatchObject({ parameter: 'client-orderid', code: 'missing' })
    expect(issue.message).toBe(
      'client-orderid is required: enter your order identifier for this update',
    )
    expect(onlyIssue({}, undefined, ['recurring-payment-id'])).toMatchObject({
      parameter: 'recurring-payment-id',
      code: 'missing',
    })
  })

  it('names an unknown parameter', () => {
    expect(onlyIssue({ amount_from: '1.00' })).toMatchObject({
      parameter: 'amount_from',
      code: 'unknown-parameter',
    })
  })

  it('enforces maximum lengths, order_desc at 65,535 characters', () => {
    const issue = onlyIssue({ order_desc: 'x'.repeat(65_536) })
    expect(issue).toMatchObject({ parameter: 'order_desc', code: 'too-long' })
    expect(issue.message).toBe(
      'order_desc is 65536 characters long, more than its maximum of 65535: shorten it',
    )
    expect(onlyIssue({ 'client-orderid': 'x'.repeat(129) }).code).toBe('too-long')
    expect(onlyIssue({ server_callback_url: `http://127.0.0.1/${'x'.repeat(120)}` }).code).toBe(
      'too-long',
    )
  })

  it('requires the card holder and expiry with a card number, and says what to enter', () => {
    const issues = issuesOf({ 'credit-card-number': '4111111111111111' })
    expect(issues.map((i) => [i.parameter, i.code])).toEqual([
      ['card-printed-name', 'missing'],
      ['expire-year', 'missing'],
      ['expire-month', 'missing'],
    ])
    expect(issues[0]!.message).toBe(
      'card-printed-name is required when credit-card-number is given: enter the name as printed on the card',
    )
  })

  it('allows card fields and cvv2 only with a card number', () => {
    expect(
      issuesOf({ 'card-printed-name': 'A B', cvv2: '123' }).map((i) => [i.parameter, i.code]),
    ).toEqual([
      ['card-printed-name', 'requires-card-number'],
      ['cvv2', 'requires-card-number'],
    ])
  })

  it('checks card number digits and the Luhn sum, expiry year and month ranges', () => {
    const card = { 'card-printed-name': 'A B', 'expire-year': '2030', 'expire-month': '12' }
    expect(onlyIssue({ ...card, 'credit-card-number': '4111 1111 1111 1111' }).code).toBe(
      'invalid-format',
    )
    expect(onlyIssue({ ...card, 'credit-card-number': '4111111111111112' }).code).toBe(
      'invalid-format',
    )
    const month = onlyIssue({
      ...card,
      'credit-card-number': '4111111111111111',
      'expire-month': '13',
    })
    expect(month).toMatchObject({ parameter: 'expire-month', code: 'out-of-range' })
    expect(month.message).toBe(
      'expire-month is out of range: it must be a month number from 1 to 12',
    )
    expect(
      onlyIssue({ ...card, 'credit-card-number': '4111111111111111', 'expire-year': '1999' }).code,
    ).toBe('out-of-range')
  })

  it('wants exactly one amount rule: amount, amount-from with amount-to, or amount-sequence', () => {
    const none = onlyIssue({}, undefined, ['amount'])
    expect(none).toMatchObject({ parameter: 'amount', code: 'missing' })
    expect(issuesOf({ 'amount-sequence': '1.00,2.00' }).map((i) => i.code)).toEqual([
      'mutually-exclusive',
    ])
    expect(onlyIssue({ 'amount-from': '1.00' }, undefined, ['amount'])).toMatchObject({
      parameter: 'amount-to',
      code: 'incomplete-pair',
    })
    expect(issuesOf({ 'amount-from': '1.00', 'amount-to': '2.00' }, undefined, ['amount'])).toEqual(
      [],
    )
    expect(
      onlyIssue({ 'amount-from': '5.00', 'amount-to': '2.00' }, undefined, ['amount']).code,
    ).toBe('range-order')
  })

  it('reads amounts as positive decimals with a dot and at most two decimals', () => {
    expect(onlyIssue({ amount: '10,50' })).toMatchObject({ code: 'invalid-format' })
    expect(onlyIssue({ amount: '10.505' }).code).toBe('invalid-format')
    expect(onlyIssue({ amount: '0.00' }).code).toBe('out-of-range')
    expect(issuesOf({ amount: '9999999.99' })).toEqual([])
  })

  it('reads amount-sequence as comma-separated amounts', () => {
    expect(issuesOf({ 'amount-sequence': '10.00,12.50,15' }, undefined, ['amount'])).toEqual([])
    expect(onlyIssue({ 'amount-sequence': '10.00, 12.50' }, undefined, ['amount']).code).toBe(
      'invalid-format',
    )
    expect(
      onlyIssue({ 'amount-sequence': Array(101).fill('1').join(',') }, undefined, ['amount']).code,
    ).toBe('invalid-format')
  })

  it('wants period and interval together, period from day/week/month', () => {
    expect(onlyIssue({ period: 'week' })).toMatchObject({
      parameter: 'interval',
      code: 'incomplete-pair',
    })
    expect(onlyIssue({ interval: '2' })).toMatchObject({
      parameter: 'period',
      code: 'incomplete-pair',
    })
    expect(onlyIssue({ period: 'year', interval: '1' }).code).toBe('invalid-format')
    expect(onlyIssue({ period: 'day', interval: '0' }).code).toBe('out-of-range')
  })

  it('validates DD.MM.YYYY dates as real calendar dates and keeps finish after start', () => {
    const issue = onlyIssue({ 'start-date': '31.02.2027' })
    expect(issue).toMatchObject({ parameter: 'start-date', code: 'invalid-date' })
    expect(issue.message).toContain('is not a real calendar date')
    expect(onlyIssue({ birthday: '29.02.2027' }).code).toBe('invalid-date')
    expect(onlyIssue({ 'finish-date': '2027-01-01' }).code).toBe('invalid-format')
    expect(onlyIssue({ 'start-date': '02.01.2027', 'finish-date': '01.01.2027' })).toMatchObject({
      parameter: 'finish-date',
      code: 'range-order',
    })
  })

  it('requires state for the USA, Canada and Australia, except on DST profiles', () => {
    for (const country of ['US', 'ca', 'AU']) {
      expect(onlyIssue({ country })).toMatchObject({ parameter: 'state', code: 'state-required' })
    }
    expect(issuesOf({ country: 'DE' })).toEqual([])
    expect(issuesOf({ country: 'US' }, 'DST')).toEqual([])
    expect(onlyIssue({ state: 'NEWY' }).code).toBe('too-long')
  })

  it('refuses period, interval, phone and state on DST profiles only', () => {
    const dstOnly = { period: 'day', interval: '1', phone: '+12125550100', state: 'NY' }
    expect(issuesOf(dstOnly, 'DST').map((i) => [i.parameter, i.code])).toEqual([
      ['period', 'not-for-dst'],
      ['interval', 'not-for-dst'],
      ['phone', 'not-for-dst'],
      ['state', 'not-for-dst'],
    ])
    expect(issuesOf(dstOnly, 'SRC')).toEqual([])
    expect(issuesOf(dstOnly, 'native')).toEqual([])
  })

  it('wants notify_url or server_callback_url, not both, and accepts notify-url as notify_url', () => {
    const both = onlyIssue({
      notify_url: 'http://127.0.0.1/a',
      server_callback_url: 'http://127.0.0.1/b',
    })
    expect(both.code).toBe('mutually-exclusive')
    expect(
      onlyIssue({ 'notify-url': 'http://127.0.0.1/a', server_callback_url: 'http://127.0.0.1/b' })
        .code,
    ).toBe('mutually-exclusive')
    expect(
      onlyIssue({ 'notify-url': 'http://127.0.0.1/a', notify_url: 'http://127.0.0.1/a' }).code,
    ).toBe('duplicate-alias')
    expect(onlyIssue({ notify_url: 'ftp://127.0.0.1/a' }).code).toBe('invalid-format')
  })

  it('checks e-mail, IP address, country and phone formats', () => {
    expect(onlyIssue({ email: 'not-an-email' })).toMatchObject({
      parameter: 'email',
      code: 'invalid-format',
    })
    expect(onlyIssue({ 'e-mail': 'not-an-email' })).toMatchObject({
      parameter: 'email',
      code: 'invalid-format',
    })
    expect(onlyIssue({ 'customer-ip': '300.1.1.1' }).code).toBe('invalid-format')
    expect(onlyIssue({ country: 'USA' }).code).toBe('too-long')
    expect(onlyIssue({ phone: '12-34' }).code).toBe('invalid-format')
  })
})

describe('recurringUpdateInputSchema (IPC input)', () => {
  it('bounds every value and refuses unknown names', () => {
    expect(
      recurringUpdateInputSchema.safeParse({ ...base, 'notify-url': 'http://x' }).success,
    ).toBe(true)
    expect(
      recurringUpdateInputSchema.safeParse({ ...base, order_desc: 'x'.repeat(65_536) }).success,
    ).toBe(false)
    expect(recurringUpdateInputSchema.safeParse({ ...base, whatever: '1' }).success).toBe(false)
  })
})

describe('the rules that keep what was typed and say what is wrong', () => {
  it('refuses a value past its maximum length with the rule, not by cutting it', () => {
    const country = onlyIssue({ country: 'USA', state: 'NY' })
    expect(country).toMatchObject({ parameter: 'country', code: 'too-long' })
    expect(country.message).toBe(
      'country is 3 characters long, more than its maximum of 2: enter a two-letter ISO 3166 country code such as US',
    )
    expect(onlyIssue({ amount: '1234567890.50' }).message).toContain(
      'amount is 13 characters long, more than its maximum of 10',
    )
    expect(onlyIssue({ amount: '99999999.99' }).code).toBe('too-long')
    const url = `https://example.com/${'a'.repeat(1108 - 20)}`
    expect(url).toHaveLength(1108)
    expect(onlyIssue({ notify_url: url })).toMatchObject({
      parameter: 'notify_url',
      code: 'too-long',
    })
  })

  it('marks both notify_url and server_callback_url when both are given', () => {
    const issue = onlyIssue({
      notify_url: 'https://example.com/a',
      server_callback_url: 'https://example.com/b',
    })
    expect(issue).toMatchObject({
      parameter: 'server_callback_url',
      code: 'mutually-exclusive',
      also: ['notify_url'],
    })
  })
})

describe('an expired card', () => {
  const card = {
    'credit-card-number': '4111111111111111',
    'card-printed-name': 'ANNA ONEIL',
  }
  const today = { year: 2026, month: 11, day: 23 }
  const check = (year: string, month: string, when = today) =>
    validateRecurringUpdate(
      { ...base, ...card, 'expire-year': year, 'expire-month': month },
      undefined,
      when,
    )

  it('is refused once its expiry month has passed, on both expiry fields', () => {
    const [issue, ...rest] = check('2026', '10')
    expect(rest).toEqual([])
    expect(issue).toMatchObject({
      parameter: 'expire-year',
      code: 'card-expired',
      also: ['expire-month'],
    })
    expect(issue!.message).toBe(
      'the card expired at the end of 10/2026: enter the expiry date of a card that is still valid',
    )
    expect(check('2025', '12')[0]?.code).toBe('card-expired')
  })

  it('is valid to the end of its expiry month, and not checked without a date', () => {
    expect(check('2026', '11')).toEqual([])
    expect(check('2026', '11', { year: 2026, month: 12, day: 1 })[0]?.code).toBe('card-expired')
    expect(
      validateRecurringUpdate({ ...base, ...card, 'expire-year': '2001', 'expire-month': '1' }),
    ).toEqual([])
  })
})
