import { writeFile } from 'node:fs/promises'
import Papa from 'papaparse'
import { formulaEscaping } from '../platform/csv/formula-cells'
import { redactParameters } from '../platform/privacy/redaction'
import type { BulkJob, BulkJournal, BulkRow } from './bulk-journal-repository'
import { ENVIRONMENT_COLUMN } from './column-mapping'
import { journaledRowInput } from './job-source'
import type { BulkSource } from './bulk-source'
import { spreadsheetLine } from '../../preload/contract/bulk/spreadsheet-line'

/** `row` is the line in the spreadsheet the update came from (its header is line 1). */
const OUTCOME_COLUMNS = [
  'row',
  'environment',
  'state',
  'client-orderid',
  'attempt',
  'outcome',
  'serial-number',
  'error-code',
  'message',
  'history-id',
]

/**
 * Writes a job's results as CSV: each row's inputs masked as History keeps them (card number
 * masked, cvv2 left out, SSN masked), then the environment it went to and its outcome. Cells a
 * spreadsheet would run as formulas get a ' in front (csv/formula-cells). Returns how many rows
 * were written.
 */
export async function exportResults(
  journal: BulkJournal,
  job: BulkJob,
  source: BulkSource | null,
  file: string,
  environmentName: (row: BulkRow) => string,
): Promise<number> {
  const inputColumns = job.source.mapping.filter(
    (parameter): parameter is string =>
      parameter !== null && parameter !== 'cvv2' && parameter !== ENVIRONMENT_COLUMN,
  )
  const records: string[][] = [[...inputColumns, ...OUTCOME_COLUMNS]]
  for (let offset = 0; ; offset += 1000) {
    const page = journal.rows(job.id, { offset, limit: 1000 })
    for (const row of page.rows) {
      const inputs =
        source?.rows[row.rowNumber - 1] !== undefined
          ? new Map(
              redactParameters(Object.entries(journaledRowInput(job, source, row).parameters)),
            )
          : new Map<string, string>()
      inputs.set('client-orderid', row.clientOrderId)
      records.push([
        ...inputColumns.map((name) => inputs.get(name) ?? ''),
        String(spreadsheetLine(row.rowNumber)),
        environmentName(row),
        row.state,
        row.clientOrderId,
        String(row.attempt),
        row.outcome ?? '',
        row.serialNumber ?? '',
        row.errorCode ?? '',
        row.message ?? '',
        row.historyId === null ? '' : String(row.historyId),
      ])
    }
    if (offset + 1000 >= page.total) break
  }
  await writeFile(
    file,
    `${Papa.unparse(records, { newline: '\r\n', ...formulaEscaping() })}\r\n`,
    'utf8',
  )
  return records.length - 1
}
