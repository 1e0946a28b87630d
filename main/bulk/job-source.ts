import type { RecurringProfileType } from '../../preload/contract/recurring/recurring-parameters'
import { basename } from 'node:path'
import { CsvError, fileParam } from '../platform/csv/csv-error'
import type { BulkJob, BulkRow } from './bulk-journal-repository'
import { BulkFileError } from './bulk-file-error'
import { readBulkSource, type BulkSource } from './bulk-source'
import { tableRowInputs, type RowInput } from './column-mapping'
import type { PastedTables } from './pasted-tables'
import { spreadsheetLine } from '../../preload/contract/bulk/spreadsheet-line'

/**
 * Reads a job's source file again (to resume it) and checks it is the very file the job was
 * made from: rows are found by number, so a changed file would send other rows' updates. A
 * pasted table is opened with its key from the keychain.
 */
export async function openJobSource(
  job: BulkJob,
  pastedTables?: PastedTables,
): Promise<BulkSource> {
  if (pastedTables?.isPasted(job.source.path)) return pastedTables.open(job)
  const source = await readBulkSource(job.source.path, {
    encoding: job.source.encoding,
    delimiter: job.source.delimiter,
  })
  if (source.sha256 !== job.source.sha256) {
    throw new BulkFileError('file-changed', 'changed', {
      file: basename(job.source.path),
      job: job.id,
    })
  }
  return source
}

/** A journaled row's update: its line of the source, the fixes the journal keeps, then `more`. */
export function journaledRowInput(
  job: BulkJob,
  source: BulkSource,
  row: BulkRow,
  more: Readonly<Record<string, string>> = {},
): RowInput {
  const fixes = { ...row.overrides, ...more }
  return tableRowInputs(
    source.rows,
    job.source.mapping,
    () => fixes,
    job.profileType as RecurringProfileType | null,
  )(row.rowNumber)
}

/**
 * How each journaled row's update is read for sending: as journaledRowInput, with a pasted
 * table's CVV2 the journal keeps encrypted and fixes held only in memory (card data).
 */
export function rowInputs(
  job: BulkJob,
  source: BulkSource,
  memoryFixes: ReadonlyMap<number, Record<string, string>> = new Map(),
): (row: BulkRow) => RowInput {
  return (row) => {
    if (source.rows[row.rowNumber - 1] === undefined) {
      throw new CsvError(
        'file-changed',
        { ...fileParam(source.path), row: spreadsheetLine(row.rowNumber) },
        { messageCode: 'bulk.file.row-missing' },
      )
    }
    const sealed = row.sealedCardCode
    const cardCode: Record<string, string> =
      sealed && source.openCardCode ? { cvv2: source.openCardCode(row.rowNumber, sealed) } : {}
    return journaledRowInput(job, source, row, { ...cardCode, ...memoryFixes.get(row.rowNumber) })
  }
}
