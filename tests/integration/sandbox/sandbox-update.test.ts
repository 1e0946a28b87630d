import { existsSync, readFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { httpsPost } from '../../../main/platform/gateway/https-transport'
import { addDays, dottedDay } from '../../../preload/contract/platform/calendar'
import type { Profile } from '../../../main/sandbox/stores/profile'
import { minimalUpdate, useTestSandbox } from '../../fixtures/sandbox'

const sandbox = useTestSandbox()

const profile = (id: string): Profile =>
  sandbox.sandbox.service.profiles().find((p) => p.id === id)!
const today = () => sandbox.sandbox.service.simulatedDate()
const isoToday = () => today().split('.').reverse().join('-')

describe('an accepted update', () => {
  it('answers approved with a fresh serial number, every value ending in a newline', async () => {
    const first = await sandbox.update(minimalUpdate('100001'))
    const second = await sandbox.update(minimalUpdate('100001'))
    expect(first.outcome).toBe('approved')
    expect(first.fields).toEqual({
      type: 'update-recurring-payment-response',
      status: 'approved',
      'serial-number': expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(second.serialNumber).not.toBe(first.serialNumber)
  })

  it('is a text/html form whose every value ends with \\n on the wire', async () => {
    const { prepareUpdateRequest } =
      await import('../../../main/platform/gateway/update-recurring-payment')
    const prepared = prepareUpdateRequest(
      sandbox.env,
      sandbox.privateKey,
      minimalUpdate('100001'),
      crypto.randomUUID(),
      Math.floor(Date.now() / 1000),
    )
    const response = await httpsPost({ ...prepared, extraCaPem: sandbox.env.extraCaPem! })
    expect(response.contentType).toBe('text/html;charset=utf-8')
    const body = response.body.toString()
    expect(body).toMatch(
      /^type=update-recurring-payment-response\n&status=approved\n&serial-number=[0-9a-f-]{36}\n$/,
    )
  })

  it('updates the profile: amount rule, schedule, payer, callback URL; the card kept masked', async () => {
    const result = await sandbox.update([
      ['client-orderid', 'ORD-77'],
      ['recurring-payment-id', '100001'],
      ['amount-sequence', '10.00,12.50,15.00'],
      ['period', 'week'],
      ['interval', '2'],
      ['finish-date', '31.12.2030'],
      ['max-repeats-number', '24'],
      ['credit-card-number', '5555555555554444'],
      ['card-printed-name', 'ANNA ONEIL'],
      ['expire-year', '2031'],
      ['expire-month', '3'],
      ['cvv2', '987'],
      ['first-name', 'Анна'],
      ['ssn', '123-45-6789'],
      ['notify-url', 'http://127.0.0.1:9/cb'],
      ['order_desc', 'Line 1\r\nLine 2, "quoted"'],
    ])
    expect(result.outcome).toBe('approved')
    const updated = profile('100001')
    expect(updated).toMatchObject({
      clientOrderId: 'ORD-77',
      amountRule: { kind: 'sequence', amounts: [1000, 1250, 1500] },
      schedule: { period: 'week', interval: 2, finishDate: '2030-12-31', maxRepeats: 24 },
      card: {
        maskedNumber: '555555******4444',
        printedName: 'ANNA ONEIL',
        expireMonth: 3,
        expireYear: 2031,
      },
      payer: { 'first-name': 'Анна', ssn: '***-**-6789' },
      notifyUrl: 'http://127.0.0.1:9/cb',
      serverCallbackUrl: null,
      orderDescription: 'Line 1\r\nLine 2, "quoted"',
    })
    // Neither the full card number nor the cvv2 is stored anywhere in the state.
    const stored = ['sandbox.db', 'sandbox.db-wal']
      .map((name) => join(sandbox.dir, name))
      .filter(existsSync)
      .map((file) => readFileSync(file).toString('latin1'))
      .join('')
    expect(stored).toContain('555555******4444')
    expect(stored).not.toContain('5555555555554444')
    expect(stored).not.toContain('cvv2')
  })

  it('keeps the update across a restart', async () => {
    await sandbox.update(minimalUpdate('100006', [['purpose', 'kept across restarts']]))
    await sandbox.restart()
    expect(profile('100006').purpose).toBe('kept across restarts')
  })
})

describe('a refused update', () => {
  it('declines an unknown recurring-payment-id', async () => {
    const result = await sandbox.update(minimalUpdate('424242'))
    expect(result).toMatchObject({ outcome: 'declined', errorCode: '400' })
    expect(result.fields['type']).toBe('update-recurring-payment-response')
    expect(result.errorMessage).toMatch(
      /^recurring-payment-id 424242 matches no recurring payment profile/,
    )
  })

  it('answers validation-error naming the parameter, listing every problem', async () => {
    const result = await sandbox.update([
      ['client-orderid', 'ORD-1'],
      ['recurring-payment-id', '100001'],
      ['credit-card-number', '4111111111111111'],
      ['amount', '10,50'],
    ])
    expect(result).toMatchObject({ outcome: 'validation-error', errorCode: '103' })
    expect(result.fields['type']).toBe('validation-error')
    expect(result.errorMessage).toContain(
      'amount has the wrong format: enter a positive amount with a dot',
    )
    expect(result.errorMessage).toContain(
      'card-printed-name is required when credit-card-number is given',
    )
    expect(result.errorMessage).toContain(
      'expire-month is required when credit-card-number is given',
    )
  })

  it.each([
    ['an unknown parameter', [['colour', 'red']], '100', /^colour is not a parameter/],
    [
      'a card field without a card number',
      [['card-printed-name', 'X']],
      '106',
      /only allowed with credit-card-number/,
    ],
    [
      'a missing state for the USA',
      [['country', 'US']],
      '111',
      /^state is required when country is US/,
    ],
    [
      'both callback URLs',
      [
        ['notify_url', 'http://127.0.0.1/a'],
        ['server_callback_url', 'http://127.0.0.1/b'],
      ],
      '108',
      /cannot both be given/,
    ],
    ['an impossible date', [['start-date', '30.02.2027']], '104', /not a real calendar date/],
    ['period without interval', [['period', 'day']], '107', /^interval is required with period/],
    [
      "a currency other than the profile's",
      [['currency', 'USD']],
      '120',
      /^currency USD differs from the profile's currency EUR/,
    ],
  ] as const)('rejects %s', async (_name, extra, code, message) => {
    const result = await sandbox.update(minimalUpdate('100001', extra))
    expect(result).toMatchObject({ outcome: 'validation-error', errorCode: code })
    expect(result.errorMessage).toMatch(message)
  })

  it('refuses period, interval, phone and state for a DST profile, which the server knows', async () => {
    const result = await sandbox.update(minimalUpdate('100004', [['phone', '+74951234567']]))
    expect(result).toMatchObject({ outcome: 'validation-error', errorCode: '110' })
    expect(result.errorMessage).toBe('phone is not supported for DST profiles: leave it out')
    expect(
      (await sandbox.update(minimalUpdate('100001', [['phone', '+74951234567']]))).outcome,
    ).toBe('approved')
  })

  it('refuses a parameter given twice', async () => {
    const result = await sandbox.update(minimalUpdate('100001', [['amount', '11.00']]))
    expect(result).toMatchObject({ outcome: 'validation-error', errorCode: '113' })
    expect(result.errorMessage).toBe('amount is given more than once: send each parameter once')
  })

  it('refuses a card that expired before the sandbox’s current month', async () => {
    const [, month, year] = today().split('.').map(Number) as [number, number, number]
    const lastMonth = month === 1 ? [year - 1, 12] : [year, month - 1]
    const card = (expiry: number[]): [string, string][] => [
      ['credit-card-number', '4111111111111111'],
      ['card-printed-name', 'ANNA ONEIL'],
      ['expire-year', String(expiry[0])],
      ['expire-month', String(expiry[1])],
    ]
    const expired = await sandbox.update(minimalUpdate('100001', card(lastMonth)))
    expect(expired).toMatchObject({ outcome: 'validation-error', errorCode: '114' })
    expect(expired.errorMessage).toContain('the card expired at the end of')
    const valid = await sandbox.update(minimalUpdate('100001', card([year, month])))
    expect(valid.outcome).toBe('approved')
  })
})

describe('stopping and rescheduling (spec §3)', () => {
  it('stops an SRC schedule through the API: a finish date already reached', async () => {
    const result = await sandbox.update(minimalUpdate('100002', [['finish-date', today()]]))
    expect(result.outcome).toBe('approved')
    expect(profile('100002')).toMatchObject({
      status: 'stopped',
      stopReason: 'finish date reached',
    })
  })

  it('stops an SRC schedule whose max-repeats-number is already met', async () => {
    const { currentRepeats } = profile('100001').schedule
    await sandbox.update(
      minimalUpdate('100001', [['max-repeats-number', String(Math.max(1, currentRepeats))]]),
    )
    expect(profile('100001')).toMatchObject({
      status: 'stopped',
      stopReason: 'max-repeats-number reached',
    })
  })

  it('does not let a native or DST schedule be stopped through the API', async () => {
    const byDate = await sandbox.update(minimalUpdate('100003', [['finish-date', today()]]))
    expect(byDate).toMatchObject({ outcome: 'validation-error', errorCode: '121' })
    expect(byDate.errorMessage).toContain(
      'stopping through the API is available for SRC profiles only',
    )
    const byCount = await sandbox.update(minimalUpdate('100004', [['max-repeats-number', '1']]))
    expect(byCount).toMatchObject({ outcome: 'validation-error', errorCode: '121' })
    expect(profile('100003').status).toBe('running')
  })

  it('keeps a stopped profile stopped when it is rescheduled, until Resume', async () => {
    const start = dottedDay(addDays(isoToday(), 3))
    const finish = dottedDay(addDays(isoToday(), 60))
    const result = await sandbox.update(
      minimalUpdate('100005', [
        ['start-date', start],
        ['finish-date', finish],
        ['max-repeats-number', '10'],
      ]),
    )
    expect(result.outcome).toBe('approved')
    expect(profile('100005')).toMatchObject({
      status: 'stopped',
      schedule: { startDate: addDays(isoToday(), 3) },
    })
    sandbox.sandbox.service.advanceDays(5)
    expect(profile('100005').schedule.currentRepeats).toBe(3)
    const resumed = sandbox.sandbox.service.resumeProfile('100005')
    expect(resumed.status).toBe('running')
  })
})

describe('what is not an update request', () => {
  const raw = (method: string, contentType: string, body: string | Buffer) =>
    httpsPost({
      url: `${sandbox.env.baseUrl}/gw/api/v4/update-recurring-payment/1001`,
      headers: { 'Content-Type': contentType },
      body,
      extraCaPem: sandbox.env.extraCaPem!,
    }).then((r) => ({ method, text: r.body.toString() }))

  it('refuses another content type, a malformed body and a body over 1 MiB', async () => {
    expect((await raw('POST', 'application/json', '{}')).text).toContain('error-code=300')
    expect((await raw('POST', 'application/x-www-form-urlencoded', 'a=%zz')).text).toContain(
      'error-code=301',
    )
    expect(
      (await raw('POST', 'application/x-www-form-urlencoded', Buffer.alloc(1024 * 1024 + 1, 97)))
        .text,
    ).toContain('error-code=302')
  })

  it('refuses GET', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const request = httpsRequest(
        `${sandbox.env.baseUrl}/gw/api/v4/update-recurring-payment/1001`,
        { ca: sandbox.env.extraCaPem! },
        (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () => resolve(body))
        },
      )
      request.on('error', reject)
      request.end()
    })
    expect(decodeURIComponent(text)).toContain('update-recurring-payment takes POST, not GET')
  })
})
