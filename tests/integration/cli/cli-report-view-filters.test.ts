import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { FILTER_VALUES_MAX } from '../../../preload/contract/reports/report-view'
import { transactionsCsv } from '../../fixtures/report-engine'

// `report-view --filter` as staff write it, through the built bin (the bundle) on real files.
const run = promisify(execFile)
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-view-filters-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const RUSSIAN = { LC_ALL: '', LC_MESSAGES: '', LANG: 'ru_RU.UTF-8' }
const ENGLISH = { LC_ALL: '', LC_MESSAGES: '', LANG: 'C' }

async function gatedesk(args: string[], locale: NodeJS.ProcessEnv = ENGLISH) {
  const env = { ...process.env, ...locale, [DATA_DIR_VARIABLE]: join(dir, 'data') }
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, 'report-view', ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** The rows a filtered view keeps, as JSON prints them. */
async function kept(file: string, ...filters: string[]): Promise<string[][]> {
  const args = [file, ...filters.flatMap((filter) => ['--filter', filter]), '--json']
  const { code, stdout, stderr } = await gatedesk(args)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  return JSON.parse(stdout).rows
}

const rows = Array.from({ length: 300 }, (_, i) => [
  i % 7 === 0 ? `Shop, Ltd ${i % 2}` : `shop-${i}@Example.com`,
  String(7000 + i),
  // 50.10 is not 50.1 + a float's error: the bounds compare exactly.
  (i / 2 + 0.1).toFixed(2),
  ['EUR', 'USD', ''][i % 3]!,
  ['approved', 'declined', 'pending', 'Approved'][i % 4]!,
])
const report = join(dir, 'transactions.csv')
writeFileSync(report, transactionsCsv(rows))
const amount = (row: string[]) => Number(row[2])

describe('report-view --filter', () => {
  it('compares numbers with > >= < <=, the bounds exact, several filters together', async () => {
    expect(await kept(report, 'Amount>50.1', 'Amount<=60.10')).toEqual(
      rows.filter((row) => amount(row) > 50.1 && amount(row) <= 60.1),
    )
    expect(await kept(report, 'amount >= 50.1', 'Amount < 51.1')).toEqual(
      rows.filter((row) => amount(row) >= 50.1 && amount(row) < 51.1),
    )
  })

  it('keeps any of a list with in, values exactly as written', async () => {
    expect(await kept(report, 'Transaction_type in approved, declined')).toEqual(
      rows.filter((row) => row[4] === 'approved' || row[4] === 'declined'),
    )
  })

  it('takes a list value with a comma in double quotes', async () => {
    expect(await kept(report, 'Merchant_Name in "Shop, Ltd 1",nobody')).toEqual(
      rows.filter((row) => row[0] === 'Shop, Ltd 1'),
    )
  })

  it('finds text anywhere in a column with ~, ignoring case', async () => {
    expect(await kept(report, 'Merchant_Name~@example.COM', 'Amount<5')).toEqual(
      rows.filter((row) => row[0]!.toLowerCase().includes('@example.com') && amount(row) < 5),
    )
  })

  it('keeps every other row with !=, empty cells included; = with nothing finds them', async () => {
    expect(await kept(report, 'Currency!=EUR', 'Amount<10')).toEqual(
      rows.filter((row) => row[3] !== 'EUR' && amount(row) < 10),
    )
    expect(await kept(report, 'Currency=', 'Amount<10')).toEqual(
      rows.filter((row) => row[3] === '' && amount(row) < 10),
    )
  })
})

describe('a filter report-view cannot read', () => {
  const refusals: [string, string, string][] = [
    [
      'Amount 50',
      `--filter "Amount 50" has no operator: write a column, an operator and a value, the operator one of = != > >= < <= (compared by the column's type), ~ (contains, ignoring case) or in (a list), e.g. --filter 'Amount>50', --filter 'Status in approved,declined', --filter 'Email~@example.com'`,
      `--filter "Amount 50" без оператора: укажите столбец, оператор и значение; оператор — = != > >= < <= (сравнение по типу столбца), ~ (содержит, без учёта регистра) или in (список), например --filter 'Amount>50', --filter 'Status in approved,declined', --filter 'Email~@example.com'`,
    ],
    [
      '>=50',
      `--filter ">=50" names no column before >=: write the column first, e.g. --filter 'Amount>=50'`,
      `--filter ">=50": перед >= не указан столбец. Сначала столбец, например --filter 'Amount>=50'`,
    ],
    [
      'Amount>',
      `--filter "Amount>" has nothing after >: give a value, e.g. --filter 'Amount>50' or --filter 'Status in approved,declined'`,
      `--filter "Amount>": после > нет значения. Укажите его, например --filter 'Amount>50' или --filter 'Status in approved,declined'`,
    ],
    [
      'Merchant_Name in "Shop, Ltd',
      `--filter "Merchant_Name in "Shop, Ltd" has a quote left open or text after a closing quote: put a value in double quotes whole, a quote inside as "", e.g. --filter 'Merchant in "Shop, Ltd",Other'`,
      `--filter "Merchant_Name in "Shop, Ltd": кавычка не закрыта или после закрывающей кавычки есть текст. Значение заключайте в двойные кавычки целиком, кавычку внутри пишите как "", например --filter 'Merchant in "Shop, Ltd",Other'`,
    ],
  ]
  it.each(refusals)(
    '%s: says which filter, what rule and an example, in English and Russian',
    async (spec, english, russian) => {
      const inEnglish = await gatedesk([report, '--filter', spec])
      expect(inEnglish.code).toBe(2)
      expect(inEnglish.stderr).toContain(english)
      const inRussian = await gatedesk([report, '--filter', spec], RUSSIAN)
      expect(inRussian.code).toBe(2)
      expect(inRussian.stderr).toContain(russian)
    },
  )

  it('refuses a list longer than a filter holds', async () => {
    const values = Array.from({ length: FILTER_VALUES_MAX + 1 }, (_, n) => `v${n}`).join(',')
    const { code, stderr } = await gatedesk([report, '--filter', `Currency in ${values}`])
    expect(code).toBe(2)
    expect(stderr).toContain(
      `lists ${FILTER_VALUES_MAX + 1} values: at most ${FILTER_VALUES_MAX} fit one filter`,
    )
  })

  it('refuses a bound that is not of the column type, naming the column', async () => {
    const { code, stderr } = await gatedesk([report, '--filter', 'Amount>fifty'])
    expect(code).toBe(1)
    expect(stderr).toContain('The filter on Amount needs a number: "fifty" is not one.')
  })
})
