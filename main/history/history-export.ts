import { open, rename, rm } from 'node:fs/promises'
import Papa from 'papaparse'
import { formulaEscaping } from '../platform/csv/formula-cells'
import type { HistoryFilter } from './history-filter'
import type { HistoryEntry } from './history-repository'
import type { HistorySource } from './history-source'
import type { JobContext } from '../platform/jobs/job-runner'

const COLUMNS = [
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
]

const cells = (entry: HistoryEntry): string[] => [
  String(entry.id),
  entry.sentAt,
  entry.environmentName,
  entry.operation,
  entry.profileId ?? '',
  entry.orderId ?? '',
  entry.outcome,
  entry.serialNumber ?? '',
  entry.errorCode ?? '',
  entry.errorMessage ?? '',
  entry.message ?? '',
  entry.parameters.map(([name, value]) => `${name}=${value}`).join('; '),
]

const csvLines = (records: string[][]) =>
  `${Papa.unparse(records, { newline: '\r\n', ...formulaEscaping() })}\r\n`

/**
 * Writes the entries the filter matches as CSV, newest first: as History keeps them (card number
 * masked, cvv2 left out, SSN masked), cells a spreadsheet would run as formulas with a ' in front
 * (csv/formula-cells). Written to `file.part`, renamed to `file` only once complete: a cancel
 * (the job's signal) or a failure leaves nothing behind. Returns how many entries were written.
 */
export async function exportHistory(
  history: HistorySource,
  filter: HistoryFilter,
  file: string,
  job?: JobContext,
): Promise<number> {
  const { total } = await history.search({ ...filter, limit: 1 })
  const partFile = `${file}.part`
  const handle = await open(partFile, 'w')
  let written = 0
  try {
    try {
      await handle.write(csvLines([COLUMNS]))
      job?.progress(0, total)
      for await (const entries of history.matching(filter)) {
        job?.signal.throwIfAborted()
        await handle.write(csvLines(entries.map(cells)))
        written += entries.length
        job?.progress(written, Math.max(total, written))
      }
    } finally {
      await handle.close()
    }
    job?.signal.throwIfAborted()
    await rename(partFile, file)
  } catch (error) {
    await rm(partFile, { force: true })
    throw error
  }
  return written
}
