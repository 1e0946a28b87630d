import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sourceScript, type ScriptRef } from '../../../main/platform/workers/script-ref'
import { exportViewAs, type ViewExportOptions } from '../../../main/reports/report-export'
import { engineUnderTest, type EngineUnderTest } from '../../fixtures/report-engine'

let engine: EngineUnderTest
beforeEach(() => {
  engine = engineUnderTest()
})
afterEach(() => engine.close())

/** The machine is shared: jobs get time to end. */
const SLOW = { timeout: 30_000 }
const outcome = (jobId: string) => engine.finished.find((job) => job.jobId === jobId)?.outcome

/** Where the workbook is written: the app's worker thread, or main's (the pivot's way). */
let xlsxWorker: ScriptRef | undefined

/** Starts an export of report `reportId`'s view as the app does: a job on the runner. */
function startExport(
  reportId: string,
  target: string,
  columns: number[] | null,
  options: ViewExportOptions,
) {
  const session = engine.reports.get(reportId)
  return engine.jobs.start('report-export', 'rows', (job) =>
    exportViewAs(session, target, columns, job, { ...options, xlsxWorker }),
  ).jobId
}

const HEADER = ['Transaction_id', 'Created', 'Day', 'Amount', 'Currency', 'Note']
const quote = (field: string) => `"${field.replaceAll('"', '""')}"`
const csvOf = (rows: readonly string[][]) =>
  [HEADER, ...rows].map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n'

/** Rows whose notes start as formulas would, and whose currencies differ in minor units. */
const ROWS = [
  ['1001', '2026-01-31 23:59:58', '31.01.2026', '1029.470', 'EUR', '=HYPERLINK("http://x","y")'],
  ['1002', '2026-02-01 00:00:01', '01.02.2026', '-5.000', 'JPY', '+1'],
  ['1003', '2026-02-02 12:30:00', '02.02.2026', '0.125', 'KWD', '@SUM(A1)'],
  ['1004', '', '', '7.500', 'XXX?', '-2'],
]

async function exported(path: string, options: ViewExportOptions, columns: number[] | null) {
  const { reportId } = await engine.reports.open(path)
  const target = join(engine.dir, 'view.xlsx')
  const jobId = startExport(reportId, target, columns, options)
  await expect.poll(() => outcome(jobId), SLOW).toBe('done')
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(target)
  return { workbook, reportId, jobId }
}

describe.each([
  ['in its worker thread', sourceScript('xlsx-export-worker')],
  ['in this thread', undefined],
])('the view as XLSX, written %s', (_, worker) => {
  beforeEach(() => {
    xlsxWorker = worker
  })

  it('writes numbers and dates as such with their formats, text as text, never a formula', async () => {
    const path = engine.write('types.csv', csvOf(ROWS))
    const { workbook } = await exported(path, { format: 'xlsx' }, [3, 4, 0, 1, 2, 5])
    const sheet = workbook.worksheets[0]!
    expect(workbook.worksheets).toHaveLength(1)
    expect(sheet.name).toBe('types')
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Amount',
      'Currency',
      'Transaction_id',
      'Created',
      'Day',
      'Note',
    ])
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.autoFilter).toBe('A1:F5')

    const amount = [2, 3, 4, 5].map((row) => sheet.getRow(row).getCell(1))
    expect(amount.map((cell) => cell.value)).toEqual([1029.47, -5, 0.125, 7.5])
    // The currency's minor units; a code Intl does not know keeps the column's own scale.
    expect(amount.map((cell) => cell.numFmt)).toEqual([
      '#,##0.00',
      '#,##0',
      '#,##0.000',
      '#,##0.000',
    ])
    const id = sheet.getRow(2).getCell(3)
    expect([id.type, id.value, id.numFmt]).toEqual([ExcelJS.ValueType.Number, 1001, '#,##0'])
    const created = sheet.getRow(2).getCell(4)
    expect(created.value).toEqual(new Date(Date.UTC(2026, 0, 31, 23, 59, 58)))
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    const day = sheet.getRow(3).getCell(5)
    expect([day.value, day.numFmt]).toEqual([new Date(Date.UTC(2026, 1, 1)), 'yyyy-mm-dd'])
    expect(sheet.getRow(5).getCell(4).value).toBeNull()

    const notes = [2, 3, 4, 5].map((row) => sheet.getRow(row).getCell(6))
    expect(notes.map((cell) => cell.value)).toEqual(ROWS.map((row) => row[5]))
    expect(notes.every((cell) => cell.type === ExcelJS.ValueType.String)).toBe(true)
    expect(notes.every((cell) => cell.formula === undefined)).toBe(true)
  })

  it('keeps a number Excel would round (over 15 digits) as its exact text', async () => {
    const rows = [['123456789012345678', '', '', '1.000', 'EUR', 'x']]
    const { workbook } = await exported(
      engine.write('long.csv', csvOf(rows)),
      { format: 'xlsx' },
      null,
    )
    const cell = workbook.worksheets[0]!.getRow(2).getCell(1)
    expect([cell.type, cell.value]).toEqual([ExcelJS.ValueType.String, '123456789012345678'])
  })

  it('exports the sorted, filtered view and sizes columns from its first rows', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => [
      String(2000 + i),
      '2026-03-01 10:00:00',
      '01.03.2026',
      `${i}.50`,
      i % 2 ? 'EUR' : 'USD',
      i === 7 ? 'a note much longer than the header of its column' : 'n',
    ])
    const path = engine.write('view.csv', csvOf(rows))
    const { reportId } = await engine.reports.open(path)
    await engine.reports.get(reportId).setQuery({
      sort: [{ column: 0, descending: true }],
      filters: [{ kind: 'equals', column: 4, value: 'EUR' }],
    })
    const target = join(engine.dir, 'view.xlsx')
    const jobId = startExport(reportId, target, [0, 5], { format: 'xlsx' })
    await expect.poll(() => outcome(jobId), SLOW).toBe('done')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(target)
    const sheet = workbook.worksheets[0]!
    const expected = rows.filter((row) => row[4] === 'EUR').reverse()
    const values = sheet
      .getSheetValues()
      .slice(2)
      .map((row) => (row as unknown[]).slice(1))
    expect(values).toEqual(expected.map((row) => [Number(row[0]), row[5]]))
    expect(sheet.getColumn(1).width).toBe(17)
    expect(sheet.getColumn(2).width).toBe(50)
    expect(engine.progress.filter((event) => event.jobId === jobId).at(-1)).toMatchObject({
      done: 25,
      total: 25,
      unit: 'rows',
    })
  })

  it('splits a view longer than a sheet holds across sheets, after a note saying why', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => [String(i + 1), '', '', '1.00', 'EUR', ''])
    const path = engine.write('long.csv', csvOf(rows))
    const { workbook } = await exported(
      path,
      { format: 'xlsx', sheetRowsMax: 4, language: 'ru' },
      [0],
    )
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Примечание',
      'Строки 1–4',
      'Строки 5–8',
      'Строки 9–10',
    ])
    expect(String(workbook.worksheets[0]!.getCell('A1').value)).toContain(
      'разбиты по порядку на 3 листа',
    )
    const ids = workbook.worksheets.slice(1).map((sheet) => sheet.getSheetValues().slice(1))
    expect(ids.map((sheet) => sheet.map((row) => (row as unknown[])[1]))).toEqual([
      ['Transaction_id', 1, 2, 3, 4],
      ['Transaction_id', 5, 6, 7, 8],
      ['Transaction_id', 9, 10],
    ])
    expect(workbook.worksheets[3]!.autoFilter).toBe('A1:A3')
  })

  it('leaves no file on cancel, and a file already there untouched', async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => [
      String(i),
      '2026-03-01 10:00:00',
      '01.03.2026',
      '1.25',
      'EUR',
      'note',
    ])
    const { reportId } = await engine.reports.open(engine.write('big.csv', csvOf(rows)))
    const target = join(engine.dir, 'keep.xlsx')
    writeFileSync(target, 'precious')
    const jobId = startExport(reportId, target, null, { format: 'xlsx' })
    // Cancelled once rows are being written, not before it starts.
    await expect.poll(() => engine.progress.some((event) => event.jobId === jobId), SLOW).toBe(true)
    expect(engine.jobs.cancel(jobId)).toBe(true)
    await expect.poll(() => outcome(jobId), SLOW).toBe('cancelled')
    expect(readFileSync(target, 'utf8')).toBe('precious')
    expect(existsSync(`${target}.part`)).toBe(false)
  })
})
