import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import iconv from 'iconv-lite'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../main/cli/main'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { cli } from '../../fixtures/cli'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-pivot-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
process.env[DATA_DIR_VARIABLE] = join(dir, 'data')

function file(name: string, content: string | Buffer) {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

const csv = (rows: string[][], delimiter = ',') =>
  rows.map((row) => row.map((field) => `"${field}"`).join(delimiter)).join('\r\n') + '\r\n'

const HEADER = ['Merchant_Name', 'Created_date', 'Amount', 'Currency', 'Transaction_type']
const ROWS = [
  ['Магазин «Первый»', '2026-11-02 10:00:00', '10.100', 'EUR', 'sale'],
  ['Магазин «Первый»', '2026-11-02 12:30:00', '0.100', 'EUR', 'refund'],
  ['Second', '2026-11-03 09:00:00', '7.000', 'USD', 'sale'],
  ['Second', 'not a date', '2.000', 'USD', 'payout'],
  ['Магазин «Первый»', '2026-11-09 00:00:00', '1.000', 'EUR', 'capture'],
]
const report = file('report.csv', csv([HEADER, ...ROWS]))

describe('gatedesk report-view --group-by', () => {
  it('adds the groups to --json: keys, count, exact sums and the net per currency', async () => {
    const { stdout, code } = await cli([
      'report-view',
      report,
      '--group-by',
      'Currency,Created_date',
      '--bucket',
      'Created_date:day',
      '--json',
    ])
    expect(code).toBe(0)
    const printed = JSON.parse(stdout)
    expect(printed.rowCount).toBe(5)
    expect(printed.moreGroups).toBe(false)
    expect(printed.groups).toEqual([
      { keys: ['EUR', '2026-11-02'], count: 2, sums: { Amount: '10.200' }, net: { EUR: '10.000' } },
      { keys: ['EUR', '2026-11-09'], count: 1, sums: { Amount: '1.000' }, net: { EUR: '1.000' } },
      { keys: ['USD', '2026-11-03'], count: 1, sums: { Amount: '7.000' }, net: { USD: '7.000' } },
      // A date that does not read as one is a group of its own, keyed null.
      { keys: ['USD', null], count: 1, sums: { Amount: '2.000' }, net: { USD: '-2.000' } },
    ])
  })

  it("pivots the filtered view with the measures asked for, as a table in the terminal's words", async () => {
    const { stdout } = await cli([
      'report-view',
      report,
      '--filter',
      'Currency=EUR',
      '--group-by',
      'Created_date',
      '--bucket',
      'Created_date:week',
      '--measure',
      'avg:Amount',
      '--measure',
      'max:Amount',
      '--rows',
      '1:1',
    ])
    const table = stdout.slice(stdout.indexOf('Created_date (week)'))
    expect(table.split('\n').slice(0, 3)).toEqual([
      'Created_date (week)  Rows  Average of Amount  Max of Amount  Net EUR',
      '2026-11-02              2            5.10000         10.100   10.000',
      '2026-11-09              1            1.00000          1.000    1.000',
    ])
  })

  it('reads a windows-1251 report with a ragged row as the grid does', async () => {
    const rows = [HEADER, ...ROWS.slice(0, 3), [...ROWS[3]!, 'extra field'], ROWS[4]!]
    const cp1251 = file('cp1251.csv', iconv.encode(csv(rows, ';'), 'windows-1251'))
    const { stdout } = await cli(['report-view', cp1251, '--group-by', 'Merchant_Name', '--json'])
    const printed = JSON.parse(stdout)
    expect(printed.problems).toHaveLength(1)
    expect(printed.groups).toEqual([
      {
        keys: ['Second'],
        count: 2,
        sums: { Amount: '9.000' },
        net: { USD: '5.000' },
      },
      {
        keys: ['Магазин «Первый»'],
        count: 3,
        sums: { Amount: '11.200' },
        net: { EUR: '11.000' },
      },
    ])
  })

  it('refuses an unknown column, a malformed bucket or measure, and a bucket of text, saying what to write', async () => {
    const refusal = async (...args: string[]) => {
      const { code, stderr } = await cli(['report-view', report, ...args])
      expect(code).not.toBe(0)
      return stderr
    }
    expect(await refusal('--group-by', 'Nope')).toContain('--group-by')
    expect(await refusal('--group-by', 'Currency', '--bucket', 'Created_date:year')).toContain(
      '--bucket "Created_date:year" must look like COLUMN:day, COLUMN:week or COLUMN:month',
    )
    expect(await refusal('--group-by', 'Currency', '--bucket', 'Created_date:day')).toContain(
      '--bucket Created_date: group by it too',
    )
    expect(await refusal('--group-by', 'Currency', '--measure', 'total:Amount')).toContain(
      '--measure "total:Amount" must look like sum:COLUMN',
    )
    expect(await refusal('--bucket', 'Created_date:day')).toContain('need --group-by')
    expect(await refusal('--group-by', 'Amount', '--bucket', 'Amount:month')).toContain(
      '"Amount" holds numbers, not dates',
    )
    expect(await refusal('--group-by', 'A,B,C,D')).toContain('--group-by takes 1 to 3 columns')
  })

  it('words its refusals and table in Russian for a Russian terminal', async () => {
    let stderr = ''
    const code = await main(
      ['report-view', report, '--group-by', 'Amount', '--bucket', 'Amount:month'],
      {
        stdout: () => {},
        stderr: (t) => (stderr += t),
        language: 'ru',
      },
    )
    expect(code).not.toBe(0)
    expect(stderr).toContain('В столбце «Amount» числа, а не даты')
  })
})
