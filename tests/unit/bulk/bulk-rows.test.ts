import { describe, expect, it } from 'vitest'
import { autoMapping, rowInput } from '../../../main/bulk/column-mapping'
import { rateLimiter } from '../../../main/bulk/rate-limit'
import { inputProblems } from '../../../main/bulk/row-check'
import { configuredEnvironments, connectionEnvironment } from '../../../main/bulk/row-environments'
import { resendOrderId } from '../../../main/bulk/order-ids'

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
      environment: null,
    })
    expect(rowInput(['1', '2.00', '', ''], mapping, null, 'SRC').profileType).toBe('SRC')
  })

  it('reports each problem at the column that holds it, and a bad profile type', () => {
    const input = rowInput(['', '12,50', 'SCR', ''], mapping, null, null)
    expect(
      inputProblems(input, 7, mapping, configuredEnvironments([])).map((p) => [
        p.rowNumber,
        p.parameter,
        p.column,
      ]),
    ).toEqual([
      [7, 'profile-type', 2],
      [7, 'recurring-payment-id', 0],
      [7, 'amount', 1],
    ])
  })
})

describe("a row's environment", () => {
  const known = [
    { id: 'env-live', name: 'Live' },
    { id: 'env-staging', name: 'Staging EU' },
  ]
  const mapping = ['recurring-payment-id', 'amount', 'environment']

  it('is a column of its own, headed environment or env, and never sent as a parameter', () => {
    expect(autoMapping(['recurring-payment-id', 'Environment'])).toEqual([
      'recurring-payment-id',
      'environment',
    ])
    expect(autoMapping(['ENV', 'amount'])).toEqual(['environment', 'amount'])
    expect(rowInput(['RP-1', '5.00', ' Live '], mapping, null, null)).toMatchObject({
      parameters: { 'recurring-payment-id': 'RP-1', amount: '5.00' },
      environment: 'Live',
    })
    expect(rowInput(['RP-1', '5.00', ''], mapping, null, null).environment).toBeNull()
  })

  it('names a configured environment by name in any case, or by id', () => {
    const environments = configuredEnvironments(known)
    expect(environments.find('staging eu')).toEqual(known[1])
    expect(environments.find('env-live')).toEqual(known[0])
    const input = rowInput(['RP-1', '5.00', 'LIVE'], mapping, null, null)
    expect(inputProblems(input, 1, mapping, environments)).toEqual([])
  })

  it('naming no configured environment is a problem at its cell that lists the known ones', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `env-${i}`, name: `Shop ${i}` }))
    const input = rowInput(['RP-1', '5.00', 'Lvie'], mapping, null, null)
    const [problem, ...others] = inputProblems(input, 4, mapping, configuredEnvironments(many))
    expect(others).toEqual([])
    expect(problem).toMatchObject({ rowNumber: 4, column: 2, parameter: 'environment' })
    expect(problem!.message).toBe(
      'environment "Lvie" is not a configured environment: write one of Shop 0, Shop 1, Shop 2, Shop 3, Shop 4, Shop 5, Shop 6, Shop 7, …, or leave the cell empty for the job\'s environment',
    )
  })

  it('on the command line may only be the connection’s own', () => {
    const cli = connectionEnvironment({ id: 'cli-1', name: 'gate.example.com (command line)' })
    expect(cli.find('GATE.example.com (command line)')?.id).toBe('cli-1')
    const input = rowInput(['RP-1', '5.00', 'Live'], mapping, null, null)
    expect(inputProblems(input, 2, mapping, cli).map((p) => p.message)).toEqual([
      'environment "Live" is not the environment of --connection (gate.example.com (command line)): the command line sends every row with that one connection. Leave the cell empty, or send this row with its own environment\'s connection file or from the app',
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
