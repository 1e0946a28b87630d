import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterAll, describe, expect, it } from 'vitest'
import type { Parameter } from '../../../main/platform/privacy/parameter'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'
import type { HistoryQuery } from '../../../main/history/history-repository'
import { historyHandlers } from '../../../main/history/history-handlers'
import { exportHistory } from '../../../main/history/history-export'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'

// History's search, filters and CSV export on a real SQLite file.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-history-search-'))
const db = openDatabase(join(dir, 'gatedesk.sqlite'))
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

let clock = Date.parse('2026-11-10T09:00:00Z')
const history = createHistoryRepository(db, () => new Date(clock))
const sandbox = { id: 'env-sandbox', name: 'Sandbox' }
const live = { id: 'env-live', name: 'Live' }

function send(
  environment: { id: string; name: string },
  operation: 'update-recurring-payment' | 'custom-report',
  parameters: Parameter[],
): number {
  clock += 3_600_000
  return history.recordSending({ environment, operation, parameters })
}

const card: Parameter[] = [
  ['credit-card-number', '4111111111111111'],
  ['cvv2', '123'],
]

const approvedId = send(sandbox, 'update-recurring-payment', [
  ['client-orderid', 'ORD-ALPHA-1'],
  ['recurring-payment-id', '100001'],
  ...card,
])
history.recordResult(approvedId, {
  outcome: 'approved',
  serialNumber: 'SER-7731',
  message: 'The update was accepted.',
})
const failedId = send(live, 'update-recurring-payment', [
  ['client-orderid', 'ORD-BETA-2'],
  ['recurring-payment-id', '100002'],
])
history.recordResult(failedId, {
  outcome: 'internal-failure',
  message: 'The gateway failed inside (incident INC-9F3A2).',
  messageCode: 'update.internal-failure',
  params: { incident: 'INC-9F3A2' },
})
const formulaId = send(live, 'update-recurring-payment', [
  ['client-orderid', '=HYPERLINK("http://evil")'],
  ['recurring-payment-id', '@SUM(A1)'],
  ...card,
])
history.recordResult(formulaId, {
  outcome: 'declined',
  errorCode: '301',
  errorMessage: 'Card 4111111111111111 is blocked',
  message: '+cmd|/C calc',
})
const reportId = send(sandbox, 'custom-report', [['reportIdentifier', 'transactions']])
history.recordResult(reportId, { outcome: 'report', message: 'Report received: 12 rows.' })

const ids = (query: HistoryQuery) => history.search(query).entries.map((entry) => entry.id)

const progress: { done: number; total: number | null }[] = []
const jobs = createJobRunner({
  progress: ({ done, total }) => progress.push({ done, total }),
  finished: () => {},
})

describe('History search in SQL', () => {
  it('finds any part of an order ID, profile, serial number, incident ID or message, any case', () => {
    expect(ids({ text: 'alpha' })).toEqual([approvedId])
    expect(ids({ text: '00002' })).toEqual([failedId])
    expect(ids({ text: 'ser-77' })).toEqual([approvedId])
    expect(ids({ text: 'INC-9F3' })).toEqual([failedId])
    expect(ids({ text: 'received' })).toEqual([reportId])
    expect(ids({ text: 'ORD-' })).toEqual([failedId, approvedId])
    expect(history.search({ text: 'ORD-' }).total).toBe(2)
  })

  it('finds a serial number recorded with the result, after the request was first written', () => {
    // The index follows the UPDATE that records the result, not only the INSERT.
    expect(ids({ text: '7731' })).toEqual([approvedId])
  })

  it('finds a request cut off while sending once it is marked interrupted', () => {
    const cut = send(sandbox, 'update-recurring-payment', [['client-orderid', 'ORD-CUT-OFF']])
    // While it is sending it is not in the text index (indexed once, with its result).
    expect(ids({ text: 'CUT-OFF' })).toEqual([])
    expect(history.markInterrupted()).toBe(1)
    expect(ids({ text: 'CUT-OFF' })).toEqual([cut])
    db.prepare('DELETE FROM request_history WHERE id = ?').run(cut)
    expect(ids({ text: 'CUT-OFF' })).toEqual([])
  })

  it('takes the text literally: quotes, stars and FTS words are no query syntax', () => {
    expect(ids({ text: 'HYPERLINK("http' })).toEqual([formulaId])
    expect(ids({ text: 'ORD* OR NOT' })).toEqual([])
    expect(ids({ text: '%' })).toEqual([])
    expect(ids({ text: '_' })).toEqual([])
  })

  it('finds texts shorter than three characters too', () => {
    expect(ids({ text: '@S' })).toEqual([formulaId])
    expect(ids({ text: '30' })).toEqual([formulaId])
  })

  it('filters by operation, environment, outcome and date, with the text and each other', () => {
    expect(ids({ operation: 'custom-report' })).toEqual([reportId])
    expect(ids({ environmentId: 'env-live' })).toEqual([formulaId, failedId])
    expect(ids({ environmentId: 'env-live', outcome: 'declined' })).toEqual([formulaId])
    expect(ids({ text: 'ORD', environmentId: 'env-sandbox' })).toEqual([approvedId])
    // Sent at 10:00, 11:00, 12:00 and 13:00 UTC.
    expect(ids({ from: '2026-11-10T11:00:00Z', to: '2026-11-10T13:00:00Z' })).toEqual([
      formulaId,
      failedId,
    ])
    expect(history.search({ operation: 'update-recurring-payment', limit: 1, offset: 1 })).toEqual(
      expect.objectContaining({ total: 3, entries: [expect.objectContaining({ id: failedId })] }),
    )
  })

  it('reads through indexes: the text index and the environment index, not the whole table', () => {
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
        .map((row) => row.detail)
        .join('\n')
    expect(
      plan(
        `SELECT * FROM request_history WHERE id IN (SELECT rowid FROM request_history_text
         WHERE request_history_text MATCH '"ORD"')`,
      ),
    ).toMatch(/VIRTUAL TABLE INDEX/)
    expect(
      plan(`SELECT * FROM request_history WHERE environment_id = 'env-live' ORDER BY sent_at DESC`),
    ).toContain('USING INDEX request_history_environment')
    expect(
      plan(`SELECT * FROM request_history WHERE operation = 'custom-report' ORDER BY sent_at DESC`),
    ).toContain('USING INDEX request_history_operation')
  })
})

describe('History export as CSV', () => {
  const read = (file: string) =>
    Papa.parse<string[]>(readFileSync(file, 'utf8'), { skipEmptyLines: true }).data

  it('writes every entry the filter matches, across chunks, newest first, card data masked', async () => {
    const file = join(dir, 'all.csv')
    expect(await exportHistory(history, {}, file)).toBe(4)
    const [header, ...rows] = read(file)
    expect(header).toEqual([
      'history-id',
      'sent-at',
      'environment',
      'operation',
      'recurring-payment-id',
      'client-orderid',
      'outcome',
      'serial-number',
      'error-code',
      'error-message',
      'message',
      'parameters',
    ])
    expect(rows.map((row) => row[0])).toEqual(
      [reportId, formulaId, failedId, approvedId].map(String),
    )
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain('4111111111111111')
    expect(text).not.toContain('cvv2')
    expect(text).toContain('credit-card-number=411111******1111')
    expect(text).toContain('Card 411111******1111 is blocked')
  })

  it('reads in chunks that stop at the last entry', () => {
    const chunks = [...history.matching({}, 3)]
    expect(chunks.map((chunk) => chunk.length)).toEqual([3, 1])
    expect(chunks.flat().map((entry) => entry.id)).toEqual(ids({}))
  })

  it('puts a quote before cells a spreadsheet would run as formulas', async () => {
    const file = join(dir, 'formulas.csv')
    await exportHistory(history, { outcome: 'declined' }, file)
    const [, row] = read(file)
    expect(row![4]).toBe(`'@SUM(A1)`)
    expect(row![5]).toBe(`'=HYPERLINK("http://evil")`)
    expect(row![10]).toBe(`'+cmd|/C calc`)
  })

  it('exports through history:export what the filter finds, to the file main asked for', async () => {
    const file = join(dir, 'chosen.csv')
    const handlers = historyHandlers({
      history: async () => history,
      jobs,
      dialogs: {
        chooseFileToOpen: async () => null,
        chooseFileToSave: async (options) => {
          expect(options.defaultName).toBe('history-2026-11-27.csv')
          expect(options.title).toBe('Export the history as CSV')
          return file
        },
      },
      now: () => new Date('2026-11-27T10:00:00Z'),
    })
    expect(await handlers['history:export']({ text: 'INC-9F3A2' })).toEqual({
      kind: 'saved',
      fileName: 'chosen.csv',
      rows: 1,
    })
    expect(read(file).map((row) => row[0])).toEqual(['history-id', String(failedId)])
    expect(existsSync(`${file}.part`)).toBe(false)
    expect(progress.at(-1)).toEqual({ done: 1, total: 1 })
  })

  it('leaves nothing behind when the export is cancelled: no file, no .part', async () => {
    const file = join(dir, 'cancelled.csv')
    const cancel = new AbortController()
    const exporting = exportHistory(history, {}, file, {
      signal: cancel.signal,
      // Cancelled as the first progress is told, with the header written and every row to go.
      progress: () => cancel.abort(),
    })
    await expect(exporting).rejects.toMatchObject({ name: 'AbortError' })
    expect(existsSync(file)).toBe(false)
    expect(existsSync(`${file}.part`)).toBe(false)
  })

  it('writes nothing when the dialog is cancelled', async () => {
    const handlers = historyHandlers({
      history: async () => history,
      jobs,
      dialogs: { chooseFileToOpen: async () => null, chooseFileToSave: async () => null },
    })
    expect(await handlers['history:export']({})).toEqual({ kind: 'cancelled' })
  })
})
