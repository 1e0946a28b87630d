import { open } from 'node:fs/promises'
import Papa from 'papaparse'
import { formulaEscaping } from '../platform/csv/formula-cells'
import type { HistoryFilter } from './history-filter'
import type { HistoryEntry, HistoryRepository } from './history-repository'

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
 * (csv/formula-cells). Returns how many entries were written.
 */
export async function exportHistory(
  history: Pick<HistoryRepository, 'matching'>,
  filter: HistoryFilter,
  file: string,
): Promise<number> {
  const handle = await open(file, 'w')
  let written = 0
  try {
    await handle.write(csvLines([COLUMNS]))
    for (const entries of history.matching(filter)) {
      await handle.write(csvLines(entries.map(cells)))
      written += entries.length
    }
  } finally {
    await handle.close()
  }
  return written
}
