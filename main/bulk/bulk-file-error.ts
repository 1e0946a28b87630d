import { basename } from 'node:path'
import { ExplainedError, type MessageParams } from '../../preload/contract/platform/explained'
import { formatByteSize, formatSizeLimit } from '../../preload/contract/platform/readable-units'
import { CsvError, type CsvErrorCode } from '../platform/csv/csv-error'

/** What can be wrong with a file of updates, in English (preload/contract/locales/en/main-bulk.ts). */
const ENGLISH = {
  'too-large':
    '"{file}" is {sizeBytes}: a bulk update file may hold at most {limitBytes}. Split it into smaller files.',
  empty:
    '"{file}" has no updates: it needs a header row naming the columns, then one row per update.',
  binary:
    '"{file}" does not look like a CSV file: it contains binary data. Open the CSV file of updates, or choose its encoding.',
  'too-many-rows': '"{file}" has {rows} rows: one bulk job takes at most {max}. Split the file.',
  'not-regular':
    '"{file}" is not a regular file (a folder, a pipe, a device or a socket): open the CSV file of updates itself.',
  changed:
    '"{file}" has changed since the bulk job {job} was made from it, so its rows cannot be matched safely. Put the original file back, or start a new job from the changed file.',
} as const

export type BulkFileProblem = keyof typeof ENGLISH

/** Params sent as byte counts, worded as the window words them (renderer/src/platform/i18n/main-messages.ts). */
const UNIT_WORDING: Partial<Record<string, (bytes: number) => string>> = {
  sizeBytes: formatByteSize,
  limitBytes: formatSizeLimit,
}

/** A file of updates GateDesk cannot use: `code` as a CsvError's, the message coded for the window. */
export class BulkFileError extends ExplainedError {
  override readonly name = 'BulkFileError'

  constructor(
    readonly code: CsvErrorCode,
    problem: BulkFileProblem,
    params: MessageParams,
  ) {
    const message = ENGLISH[problem].replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name]
      const unit = typeof value === 'number' ? UNIT_WORDING[name] : undefined
      return unit ? unit(value as number) : String(value)
    })
    super(message, `bulk.file.${problem}`, params)
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
