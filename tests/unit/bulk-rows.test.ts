import { describe, expect, it } from 'vitest'
import { autoMapping, rowInput } from '../../main/bulk/column-mapping'
import { rateLimiter } from '../../main/bulk/rate-limit'
import { inputProblems } from '../../main/bulk/row-check'
import { resendOrderId } from '../../main/store/bulk-journal-repository'

describe('mapping the columns of a bulk file', () => {
  it('maps headers to parameters whatever their case, spaces, underscores or alias', () => {
    expect(
      autoMapping([
        'Recurring Payment ID',
        'AMOUNT',
        'order desc',
        'e-mail',
        'Notify-URL',
        'Type',
        'Notes',
      ]),
    ).toEqual([
      'recurring-payment-id',
      'amount',
      'order_desc',
      'email',
      'notify_url',
      'profile-type',
      null,
    ])
  })

  it('prefers a saved mapping, and gives a parameter to its first column only', () => {
    const saved = new Map<string, string | null>([
      ['sum', 'amount'],
      ['amount', null],
    ])
    expect(autoMapping(['sum', 'amount', 'ID', 'recurring-payment-id'], saved)).toEqual([
      'amount',
      null,
      null,
      'recurring-payment-id',
    ])
    expect(autoMapping(['amount', 'Amount'])).toEqual(['amount', null])
  })
})

describe("a row's update", () => {
  const mapping = ['recurring-payment-id', 'amount', 'profile-type', null]

  it('takes trimmed cells, leaves empty ones out, applies fixes and the row’s own profile type', () => {
    expect(rowInput([' 100001 ', '', 'dst', 'x'], mapping, { amount: '5.00' }, 'SRC')).toEqual({
      parameters: { 'recurring-payment-id': '100001', amount: '5.00' },
      profileType: 'DST',
      badProfileType: null,
    })
    expect(rowInput(['1', '2.00', '', ''], mapping, null, 'SRC').profileType).toBe('SRC')
  })

  it('reports each problem at the column that holds it, and a bad profile type', () => {
    const input = rowInput(['', '12,50', 'SCR', ''], mapping, null, null)
    expect(
      inputProblems(input, 7, mapping).map((p) => [p.rowNumber, p.parameter, p.column]),
    ).toEqual([
      [7, 'profile-type', 2],
      [7, 'recurring-payment-id', 0],
      [7, 'amount', 1],
    ])
  })
})

describe('the rate limit', () => {
  it('spaces the sends out to the rate, across callers', async () => {
    let clock = 0
    const waits: number[] = []
    const wait = rateLimiter(
      () => 4,
      () => clock,
      async (ms) => void waits.push(ms),
    )
    await Promise.all([wait(), wait(), wait(), wait()])
    expect(waits).toEqual([250, 500, 750])
    clock = 2000
    await wait()
    expect(waits).toHaveLength(3)
  })
})

it('gives a row sent again a new order id, derived from its first', () => {
  expect(resendOrderId('BULK-AB12-7', 2)).toBe('BULK-AB12-7-R2')
  expect(resendOrderId('BULK-AB12-7-R2', 3)).toBe('BULK-AB12-7-R3')
})
