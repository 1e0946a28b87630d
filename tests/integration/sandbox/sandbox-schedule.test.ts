import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { addDays, addMonthsClamped, dottedDay } from '../../../preload/contract/platform/calendar'
import { eventually } from '../../fixtures/eventually'
import { minimalUpdate, useTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

/** What the sandbox's random source returns: it picks amounts in a range (and declines). */
let randomValue = 0.5
const random = () => randomValue
const sandbox = useTestSandbox({ random })
afterEach(() => {
  sandbox.sandbox.service.updateSettings({ declineRate: 0 })
})

const service = () => sandbox.sandbox.service
const isoToday = () => service().simulatedDate().split('.').reverse().join('-')
const inDays = (days: number) => dottedDay(addDays(isoToday(), days))
const profile = (id: string) =>
  service()
    .profiles()
    .find((p) => p.id === id)!
const chargesOf = (
  id: string,
  result: ReturnType<TestSandbox['sandbox']['service']['advanceDays']>,
) =>
  result.charges
    .filter((charge) => charge.transaction.profileId === id)
    .map(({ day, transaction }) => [day, transaction.amountMinor, transaction.status])

/** A local HTTP endpoint that answers callbacks with the statuses given, then 200. */
async function callbackReceiver(statuses: number[] = []) {
  const received: URLSearchParams[] = []
  const server: Server = createServer((request, response) => {
    received.push(new URL(request.url!, 'http://x').searchParams)
    response.writeHead(statuses.shift() ?? 200).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('the simulated clock', () => {
  it('charges a day schedule on its dates, a sequence in order with the last amount repeated, and stops at max-repeats-number', async () => {
    service().updateSettings({ declineRate: 0 })
    await sandbox.update([
      ['client-orderid', 'SEQ-1'],
      ['recurring-payment-id', '100001'],
      ['amount-sequence', '1.00,2.00,3.00'],
      ['period', 'day'],
      ['interval', '3'],
      ['start-date', inDays(1)],
      ['max-repeats-number', '4'],
    ])
    // Current repeats 0 makes the sequence begin from its first amount (spec §3).
    service().setCurrentRepeats('100001', 0)
    const from = isoToday()
    const result = service().advanceDays(12)
    expect(chargesOf('100001', result)).toEqual([
      [addDays(from, 1), 100, 'approved'],
      [addDays(from, 4), 200, 'approved'],
      [addDays(from, 7), 300, 'approved'],
      [addDays(from, 10), 300, 'approved'],
    ])
    expect(result.stopped).toContainEqual({
      day: addDays(from, 10),
      profileId: '100001',
      reason: 'max-repeats-number reached',
    })
    expect(profile('100001')).toMatchObject({ status: 'stopped', schedule: { currentRepeats: 4 } })
    expect(result.to).toBe(dottedDay(addDays(from, 12)))
  })

  it('charges a week schedule every 7 × interval days with a random amount in the range', async () => {
    await sandbox.update([
      ['client-orderid', 'WEEK-1'],
      ['recurring-payment-id', '100002'],
      ['amount-from', '5.00'],
      ['amount-to', '15.00'],
      ['period', 'week'],
      ['interval', '2'],
      ['start-date', inDays(2)],
    ])
    const from = isoToday()
    randomValue = 0
    const first = service().advanceDays(10)
    randomValue = 0.999_999
    const second = service().advanceDays(10)
    expect([...chargesOf('100002', first), ...chargesOf('100002', second)]).toEqual([
      [addDays(from, 2), 500, 'approved'],
      [addDays(from, 16), 1500, 'approved'],
    ])
    randomValue = 0.5
  })

  it('charges a month schedule on the same date counted from the start', async () => {
    await sandbox.update(
      minimalUpdate('100002', [
        ['period', 'month'],
        ['interval', '1'],
        ['start-date', inDays(1)],
      ]),
    )
    const start = addDays(isoToday(), 1)
    const result = service().advanceDays(70)
    expect(chargesOf('100002', result).map(([day]) => day)).toEqual(
      [0, 1, 2].map((i) => addMonthsClamped(start, i)),
    )
  })

  it('counts declined charges as repeats, and stops on the finish date even with no charge that day', async () => {
    service().updateSettings({ declineRate: 1 })
    await sandbox.update(
      minimalUpdate('100003', [
        ['period', 'day'],
        ['interval', '2'],
        ['start-date', inDays(1)],
        ['finish-date', inDays(4)],
        ['max-repeats-number', '999'],
      ]),
    )
    // The sequence of earlier tests stopped it at max-repeats-number: start it afresh.
    service().setCurrentRepeats('100003', 0)
    if (profile('100003').status === 'stopped') service().resumeProfile('100003')
    const from = isoToday()
    const result = service().advanceDays(8)
    expect(chargesOf('100003', result)).toEqual(
      [1, 3].map((d) => [addDays(from, d), 1000, 'declined']),
    )
    expect(result.stopped).toContainEqual({
      day: addDays(from, 4),
      profileId: '100003',
      reason: 'finish date reached',
    })
    expect(profile('100003')).toMatchObject({ status: 'stopped', schedule: { currentRepeats: 2 } })
  })

  it('makes the first charge the same day for an auto schedule starting today, once', async () => {
    const before = service().transactions(1)[0]!.id
    await sandbox.update(
      minimalUpdate('100002', [
        ['period', 'week'],
        ['interval', '1'],
        ['start-date', inDays(0)],
      ]),
    )
    const [charge] = service()
      .transactions(5)
      .filter((t) => t.id > before)
    expect(charge).toMatchObject({
      profileId: '100002',
      amountMinor: 1000,
      createdAt: expect.stringMatching(new RegExp(`^${isoToday()} `)),
    })
    await sandbox.update(
      minimalUpdate('100002', [
        ['period', 'day'],
        ['interval', '1'],
        ['start-date', inDays(0)],
      ]),
    )
    expect(
      service()
        .transactions(5)
        .filter((t) => t.id > before),
    ).toHaveLength(1)
  })

  it('never charges a manual schedule by itself; a manual charge works on it', () => {
    const result = service().advanceDays(40)
    expect(chargesOf('100006', result)).toEqual([])
    const charge = service().chargeNow('100006')
    expect(charge.transaction).toMatchObject({
      profileId: '100006',
      amountMinor: 2500,
      currency: 'GBP',
      type: 'sale',
    })
  })

  it('keeps the simulated date across a restart', async () => {
    const date = service().simulatedDate()
    await sandbox.restart()
    expect(service().simulatedDate()).toBe(date)
  })
})

describe('callbacks', () => {
  it('calls the notify URL with the transaction and a control value made with the control key', async () => {
    const receiver = await callbackReceiver()
    try {
      const updated = await sandbox.update([
        ['client-orderid', 'PAY-9'],
        ['recurring-payment-id', '100004'],
        ['amount', '42.50'],
        ['notify_url', receiver.url],
      ])
      expect(updated.outcome).toBe('approved')
      const result = service().advanceDays(35)
      const [charge] = result.charges.filter((c) => c.transaction.profileId === '100004')
      const [query] = await eventually(
        () => (receiver.received.length > 0 ? receiver.received : undefined),
        'the callback',
      )
      const orderid = String(charge!.transaction.id)
      expect(Object.fromEntries(query!)).toEqual({
        orderid,
        merchant_order: 'PAY-9',
        client_orderid: 'PAY-9',
        amount: '42.50',
        status: 'approved',
        type: 'payout',
        control: createHash('sha1')
          .update(`approved${orderid}PAY-9${sandbox.controlKey}`)
          .digest('hex'),
      })
    } finally {
      await receiver.close()
    }
  })

  it('retries with back-off until the receiver answers 2xx, and gives up after the last retry', async () => {
    const flaky = await callbackReceiver([500, 503])
    const broken = await callbackReceiver([500, 500, 500, 500])
    try {
      await sandbox.update(minimalUpdate('100002', [['server_callback_url', flaky.url]]))
      service().chargeNow('100002')
      await sandbox.update(minimalUpdate('100002', [['server_callback_url', broken.url]]))
      service().chargeNow('100002')
      const [last, first] = await eventually(() => {
        const deliveries = service().callbackDeliveries(2)
        return deliveries.every((d) => d.state !== 'pending') ? deliveries : undefined
      }, 'the deliveries to settle')
      expect(first).toMatchObject({ state: 'delivered', attempts: 3, lastResult: 'HTTP 200' })
      expect(flaky.received).toHaveLength(3)
      expect(last).toMatchObject({ state: 'failed', attempts: 3, lastResult: 'HTTP 500' })
      expect(broken.received).toHaveLength(3)
    } finally {
      await Promise.all([flaky.close(), broken.close()])
    }
  })

  it('sends callbacks to loopback addresses only', async () => {
    await sandbox.update(
      minimalUpdate('100002', [['notify_url', 'http://callbacks.example.com/cb']]),
    )
    service().chargeNow('100002')
    expect(service().callbackDeliveries(1)[0]).toMatchObject({
      state: 'refused',
      attempts: 0,
      lastResult: expect.stringContaining('loopback addresses only'),
    })
  })

  it("delivers the demo profiles' callbacks to the sandbox's own inbox, which checks their control value", async () => {
    await sandbox.update(
      minimalUpdate('100002', [['notify_url', `${sandbox.env.baseUrl}/sandbox/callback-inbox`]]),
    )
    const charge = service().chargeNow('100002')
    const received = await eventually(
      () =>
        service()
          .receivedCallbacks(5)
          .find((c) => c.parameters['orderid'] === String(charge.transaction.id)),
      'the inbox to receive the callback',
    )
    expect(received.controlValid).toBe(true)
  })
})
