import { basename } from 'node:path'
import { ExplainedError, type MessageParams } from '../../preload/contract/platform/explained'
import type { MessageSchema } from '../../preload/contract/locales/en'
import { CsvError, type CsvErrorCode } from '../platform/csv/csv-error'
import { english } from '../platform/i18n/english'

/** What can be wrong with a file of updates: its texts are main.bulk.file.* in the catalog. */
export type BulkFileProblem = keyof MessageSchema['main']['bulk']['file']

/** A file of updates GateDesk cannot use: `code` as a CsvError's, the message coded for the window. */
export class BulkFileError extends ExplainedError {
  override readonly name = 'BulkFileError'

  constructor(
    readonly code: CsvErrorCode,
    problem: BulkFileProblem,
    params: MessageParams,
  ) {
    super(english(`bulk.file.${problem}`, params), `bulk.file.${problem}`, params)
  }
}

// The reader's other errors (a missing or unreadable file, an unknown encoding, a bad delimiter)
// read the same for a file of updates: they pass as they are, under their own codes.
const PROBLEM_OF: Partial<Record<CsvErrorCode, BulkFileProblem>> = {
  'empty-file': 'empty',
  'binary-file': 'binary',
}

/** A CSV reader's error on a file of updates, worded for bulk updates where it must be. */
export function asBulkFileError(error: unknown, path: string): unknown {
  if (!(error instanceof CsvError)) return error
  const problem = PROBLEM_OF[error.code]
  return problem === undefined
    ? error
    : new BulkFileError(error.code, problem, { file: basename(path) })
}
