import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, describe, expect, it } from 'vitest'
import { reportPivotChannels } from '../../../preload/contract/reports/report-pivot-channels'
import type { FileDialogs } from '../../../main/platform/electron/dialogs'
import { reportPivotExportHandlers } from '../../../main/reports/report-pivot-export-handlers'
import { engineUnderTest } from '../../fixtures/report-engine'

// The pivot's table as the window sends it, saved by main through the view's writers: real files.
const engine = engineUnderTest()
afterAll(() => engine.close())
let nextSave: string | null = null
const offered: { defaultName: string; extensions: string[][] }[] = []
const dialogs: FileDialogs = {
  chooseFileToOpen: async () => null,
  chooseFileToSave: async ({ defaultName, filters }) => {
    offered.push({ defaultName, extensions: filters.map((filter) => filter.extensions) })
    return nextSave
  },
}
const exportPivot = reportPivotExportHandlers({ reports: engine.reports, dialogs })[
  'report-pivot:export'
]
const input = reportPivotChannels['report-pivot:export'].input

/** Currency × day, counted, Amount summed and averaged, the net of each currency. */
const TABLE = {
  header: [
    'Currency',
    'Created by day',
    'Rows',
    'Sum of Amount',
    'Average of Amount',
    'Net EUR',
    'Net KWD',
  ],
  keyCount: 2,
  // As the window shows them: Sum of Amount in the row's Currency, each net in its own.
  money: [null, null, null, { currencyColumn: 0 }, null, { currency: 'EUR' }, { currency: 'KWD' }],
  rows: [
    ['EUR', '2026-01-31', '2', '1029.47', '514.7350', '1029.47', ''],
    ['KWD', '2026-02-01', '1', '-0.125', '-0.1250', '', '-0.125'],
    [
      '=HYPERLINK("http://x","y")',
      '2026-02-02',
      '1',
      '12345678901234.25',
      '12345678901234.2500',
      '',
      '',
    ],
  ],
}

async function reportId() {
  const path = engine.write('sales.csv', '"Amount","Currency"\r\n"1.00","EUR"\r\n')
  return (await engine.reports.open(path)).reportId
}

describe('report-pivot:export', () => {
  it('writes an XLSX of exact numbers shown as the window shows them, a bold frozen header and an autofilter', async () => {
    nextSave = join(engine.dir, 'pivot.xlsx')
    const request = input.parse({ reportId: await reportId(), format: 'xlsx', table: TABLE })
    expect(await exportPivot(request)).toEqual({ file: 'pivot.xlsx', rows: 3 })
    expect(offered.at(-1)).toEqual({
      defaultName: 'sales-pivot.xlsx',
      extensions: [['xlsx'], ['*']],
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(nextSave)
    const sheet = workbook.worksheets[0]!
    expect(sheet.name).toBe('pivot')
    const header = sheet.getRow(1)
    expect(header.values).toEqual([undefined, ...TABLE.header])
    expect(header.font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.autoFilter).toBeTruthy()
    const cells = (row: number) =>
      TABLE.header.map((_, column) => sheet.getRow(row).getCell(column + 1))
    const [currency, day, count, sum, average, netEur, netKwd] = cells(2)
    expect([currency!.value, day!.value]).toEqual(['EUR', '2026-01-31'])
    expect([count!.value, count!.numFmt]).toEqual([2, '#,##0'])
    // An amount in its currency's decimals (EUR 2, KWD 3); any other figure with as many
    // decimals as its column's most exact value.
    expect([sum!.value, sum!.numFmt]).toEqual([1029.47, '#,##0.00'])
    expect([cells(3)[3]!.value, cells(3)[3]!.numFmt]).toEqual([-0.125, '#,##0.000'])
    expect([average!.value, average!.numFmt]).toEqual([514.735, '#,##0.0000'])
    expect([netEur!.value, netEur!.numFmt]).toEqual([1029.47, '#,##0.00'])
    expect(netKwd!.value).toBeNull()
    expect(cells(3)[6]!.value).toBe(-0.125)
    expect(cells(3)[6]!.numFmt).toBe('#,##0.000')
    // A key that reads as a formula stays text; a 16-digit figure keeps its digits as text.
    expect(cells(4)[0]!.value).toBe('=HYPERLINK("http://x","y")')
    expect(cells(4)[0]!.formula).toBeUndefined()
    expect(cells(4)[3]!.value).toBe('12345678901234.25')
    expect(readdirSync(engine.dir).filter((name) => name.endsWith('.part'))).toEqual([])
  })

  it('writes a CSV of the same table, formula cells neutralised as the view’s CSV is', async () => {
    nextSave = join(engine.dir, 'pivot.csv')
    const request = input.parse({ reportId: await reportId(), format: 'csv', table: TABLE })
    expect(await exportPivot(request)).toEqual({ file: 'pivot.csv', rows: 3 })
    expect(offered.at(-1)).toEqual({ defaultName: 'sales-pivot.csv', extensions: [['csv'], ['*']] })
    const lines = readFileSync(nextSave, 'utf8').split('\r\n')
    expect(lines[0]).toBe(TABLE.header.map((name) => `"${name}"`).join(','))
    expect(lines[1]).toBe('"EUR","2026-01-31","2","1029.47","514.7350","1029.47",""')
    expect(lines[2]).toBe('"KWD","2026-02-01","1","-0.125","-0.1250","","-0.125"')
    expect(lines[3]!.startsWith(`"'=HYPERLINK(""http://x"",""y"")"`)).toBe(true)
  })

  it('writes nothing when the dialog is cancelled', async () => {
    nextSave = null
    const request = input.parse({ reportId: await reportId(), format: 'csv', table: TABLE })
    expect(await exportPivot(request)).toEqual({ file: null, rows: 0 })
  })

  it('refuses a table beyond the pivot’s bounds or with a figure that is no exact number', () => {
    const id = 'report-0000'
    const table = (change: Partial<typeof TABLE>) => ({ ...TABLE, ...change })
    const refusal = (tableIn: unknown) => {
      const parsed = input.safeParse({ reportId: id, format: 'xlsx', table: tableIn })
      return parsed.success ? null : parsed.error.issues.map((issue) => issue.path.join('.'))
    }
    expect(refusal(TABLE)).toBeNull()
    const row = TABLE.rows[0]!
    expect(refusal(table({ rows: Array.from({ length: 1001 }, () => row) }))).toEqual([
      'table.rows',
    ])
    expect(refusal(table({ rows: [[...row.slice(0, 3), '1,029.47', ...row.slice(4)]] }))).toEqual([
      'table.rows.0.3',
    ])
    expect(refusal(table({ rows: [row.slice(1)] }))).toEqual(['table.rows.0'])
    expect(refusal(table({ keyCount: 7 }))).not.toBeNull()
    expect(refusal(table({ money: TABLE.money.slice(1) }))).toEqual(['table.money'])
    const fromAFigure = TABLE.money.map((of, at) => (at === 3 ? { currencyColumn: 2 } : of))
    expect(refusal(table({ money: fromAFigure }))).toEqual(['table.money.3.currencyColumn'])
    expect(existsSync(join(engine.dir, 'never.xlsx'))).toBe(false)
  })
})
