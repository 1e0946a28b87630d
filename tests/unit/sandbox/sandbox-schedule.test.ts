import { describe, expect, it } from 'vitest'
import {
  attemptCharge,
  chargeAmount,
  stopWhenDone,
} from '../../../main/sandbox/profiles/profile-charge'
import type { AmountRule, Profile } from '../../../main/sandbox/stores/profile'
import { nextScheduleDateAfter, scheduleDate } from '../../../preload/contract/platform/schedule'

describe('schedule dates', () => {
  it('charges every interval days, every 7 × interval days, or on the same date each month', () => {
    const start = '2027-01-10'
    expect(
      [0, 1, 2].map((i) => scheduleDate({ period: 'day', interval: 2, startDate: start }, i)),
    ).toEqual(['2027-01-10', '2027-01-12', '2027-01-14'])
    expect(scheduleDate({ period: 'week', interval: 1, startDate: start }, 3)).toBe('2027-01-31')
    expect(scheduleDate({ period: 'month', interval: 3, startDate: start }, 2)).toBe('2027-07-10')
  })

  it('counts months from the start date, so the 31st comes back after a short month', () => {
    const rule = { period: 'month', interval: 1, startDate: '2027-01-31' } as const
    expect([0, 1, 2, 3].map((i) => scheduleDate(rule, i))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ])
    expect(scheduleDate({ ...rule, startDate: '2028-01-31' }, 1)).toBe('2028-02-29')
  })

  it('finds the next date strictly after a day', () => {
    const rule = { period: 'month', interval: 1, startDate: '2027-01-31' } as const
    expect(nextScheduleDateAfter(rule, '2027-01-30')).toBe('2027-01-31')
    expect(nextScheduleDateAfter(rule, '2027-01-31')).toBe('2027-02-28')
    expect(nextScheduleDateAfter(rule, '2027-03-30')).toBe('2027-03-31')
    expect(nextScheduleDateAfter(rule, '2030-12-31')).toBe('2031-01-31')
    expect(
      nextScheduleDateAfter({ period: 'week', interval: 2, startDate: '2027-01-01' }, '2027-01-15'),
    ).toBe('2027-01-29')
  })
})

describe('charge amounts', () => {
  it('takes a random amount in the range, both ends included', () => {
    const rule = { kind: 'range', from: 500, to: 1500 } as const
    expect(chargeAmount(rule, 0, () => 0)).toBe(500)
    expect(chargeAmount(rule, 0, () => 0.999_999)).toBe(1500)
  })

  it('charges a sequence in order and repeats its last amount', () => {
    const rule: AmountRule = { kind: 'sequence', amounts: [1000, 1250, 1500] }
    expect([0, 1, 2, 3, 7].map((i) => chargeAmount(rule, i, Math.random))).toEqual([
      1000, 1250, 1500, 1500, 1500,
    ])
  })
})

function profile(schedule: Partial<Profile['schedule']> = {}): Profile {
  return {
    id: 'P',
    merchantLogin: 'm',
    type: 'SRC',
    scheduleType: 'auto',
    status: 'running',
    stopReason: null,
    clientOrderId: 'O',
    currency: 'EUR',
    orderDescription: '',
    purpose: null,
    card: { maskedNumber: '411111******1111', printedName: 'A', expireMonth: 12, expireYear: 2030 },
    payer: {},
    amountRule: { kind: 'fixed', amount: 100 },
    schedule: {
      period: 'day',
      interval: 1,
      startDate: '2027-01-01',
      finishDate: null,
      maxRepeats: null,
      currentRepeats: 0,
      nextChargeDate: '2027-01-01',
      lastChargeDate: null,
      ...schedule,
    },
    notifyUrl: null,
    serverCallbackUrl: null,
    updatedAt: null,
  }
}

describe('a charge attempt', () => {
  it('counts a declined charge as a repeat, and stops at max-repeats-number', () => {
    const declined = attemptCharge(
      profile({ maxRepeats: 2, currentRepeats: 1 }),
      '2027-01-02',
      () => 0,
      1,
    )
    expect(declined.status).toBe('declined')
    expect(declined.profile.schedule.currentRepeats).toBe(2)
    expect(declined.profile).toMatchObject({
      status: 'stopped',
      stopReason: 'max-repeats-number reached',
    })
  })

  it('declines on an expired card whatever the decline rate', () => {
    const expired = profile()
    expired.card = { ...expired.card!, expireYear: 2026, expireMonth: 12 }
    const attempt = attemptCharge(expired, '2027-01-02', () => 0.99, 0)
    expect(attempt).toMatchObject({ status: 'declined', declineReason: 'card expired' })
  })

  it('stops on reaching the finish date', () => {
    expect(stopWhenDone(profile({ finishDate: '2027-01-05' }), '2027-01-04').status).toBe('running')
    expect(stopWhenDone(profile({ finishDate: '2027-01-05' }), '2027-01-05')).toMatchObject({
      status: 'stopped',
      stopReason: 'finish date reached',
    })
  })
})
