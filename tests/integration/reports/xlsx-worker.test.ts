// The XLSX export of a report's view in its own worker thread (main/reports/xlsx-worker.ts): main
// sends the job and follows progress; the thread reads the rows from the file itself.
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sourceScript, type ScriptRef } from '../../../main/platform/workers/script-ref'
import { exportViewAs } from '../../../main/reports/report-export'
import { engineUnderTest, type EngineUnderTest } from '../../fixtures/report-engine'

let engine: EngineUnderTest
beforeEach(() => {
  engine = engineUnderTest()
})
afterEach(() => engine.close())

const XLSX_WORKER = sourceScript('xlsx-export-worker')

const csvOf = (rows: number) =>
  '"Transaction_id","Amount","Currency"\r\n' +
  Array.from({ length: rows }, (_, i) => `"${i + 1}","${i}.25","EUR"\r\n`).join('')

/** Starts an XLSX export of `reportId`'s view in `worker`, as the app does: a job on the runner. */
function startExport(reportId: string, target: string, worker: ScriptRef = XLSX_WORKER) {
  const session = engine.reports.get(reportId)
  return engine.jobs.start('report-export', 'rows', (job) =>
    exportViewAs(session, target, null, job, { format: 'xlsx', xlsxWorker: worker }),
  )
}

const progressOf = (jobId: string) => engine.progress.filter((event) => event.jobId === jobId)

describe('the XLSX export in its worker thread', () => {
  it('writes the view read by the thread itself, with progress as it goes', async () => {
    const { reportId } = await engine.reports.open(engine.write('rows.csv', csvOf(12_000)))
    await engine.reports.get(reportId).setQuery({
      sort: [{ column: 0, descending: true }],
      filters: [],
    })
    const target = join(engine.dir, 'rows.xlsx')
    const { jobId, result } = startExport(reportId, target)
    await expect(result).resolves.toMatchObject({ rows: 12_000, sheets: 1 })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(target)
    const sheet = workbook.worksheets[0]!
    expect(sheet.rowCount).toBe(12_001)
    expect(sheet.getRow(2).values).toEqual([undefined, 12_000, 11_999.25, 'EUR'])
    expect(sheet.getRow(12_001).values).toEqual([undefined, 1, 0.25, 'EUR'])
    // Each chunk of rows written is told, and the last says all of them.
    const done = progressOf(jobId).map((event) => event.done)
    expect(done.length).toBeGreaterThan(1)
    expect(done.at(-1)).toBe(12_000)
    expect(existsSync(`${target}.part`)).toBe(false)
  }, 60_000)

  it('stops the thread on cancel: no file left, a file already there untouched', async () => {
    const { reportId } = await engine.reports.open(engine.write('big.csv', csvOf(150_000)))
    const target = join(engine.dir, 'keep.xlsx')
    writeFileSync(target, 'precious')
    // The export's own context: every progress the thread tells, cancelled or not.
    const cancel = new AbortController()
    const told: number[] = []
    const progress = (done: number) => {
      told.push(done)
      cancel.abort()
    }
    const session = engine.reports.get(reportId)
    const exported = exportViewAs(
      session,
      target,
      null,
      { signal: cancel.signal, progress },
      {
        format: 'xlsx',
        xlsxWorker: XLSX_WORKER,
      },
    )
    await expect(exported).rejects.toMatchObject({ name: 'AbortError' })
    expect(readFileSync(target, 'utf8')).toBe('precious')
    expect(existsSync(`${target}.part`)).toBe(false)
    // A thread left running would have written, and told, every row before it ended.
    expect(Math.max(...told)).toBeLessThan(150_000)
  }, 60_000)

  it('reports a report file changed since it was opened with the file’s own message', async () => {
    const path = engine.write('changed.csv', csvOf(2_000))
    const { reportId } = await engine.reports.open(path)
    await engine.reports.get(reportId).indexed
    truncateSync(path, 1_000)
    const target = join(engine.dir, 'changed.xlsx')
    await expect(startExport(reportId, target).result).rejects.toMatchObject({
      messageCode: 'report.csv.file-changed',
      params: { file: 'changed.csv' },
    })
    expect(existsSync(target) || existsSync(`${target}.part`)).toBe(false)
  }, 60_000)

  it('reports a file it cannot write, and a thread that fails, in words saying so', async () => {
    const { reportId } = await engine.reports.open(engine.write('rows.csv', csvOf(10)))
    const nowhere = join(engine.dir, 'no-such-folder', 'rows.xlsx')
    await expect(startExport(reportId, nowhere).result).rejects.toMatchObject({
      messageCode: 'report-export.xlsx-failed',
      message: expect.stringMatching(
        /^The XLSX file could not be written: ENOENT.*rows\.xlsx\.part/,
      ),
    })
    const broken = engine.write('broken.mjs', "throw new Error('the thread broke')")
    const target = join(engine.dir, 'rows.xlsx')
    await expect(
      startExport(reportId, target, { file: broken, execArgv: [] }).result,
    ).rejects.toMatchObject({
      messageCode: 'report-export.xlsx-failed',
      params: { reason: 'the thread broke' },
    })
    expect(existsSync(target) || existsSync(`${target}.part`)).toBe(false)
  }, 60_000)
})
