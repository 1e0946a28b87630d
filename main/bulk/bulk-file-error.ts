import { basename } from 'node:path'
import { ExplainedError, type MessageParams } from '../../preload/contract/explained'
import { formatByteSize, formatSizeLimit } from '../../preload/contract/readable-units'
import { CsvError, type CsvErrorCode } from '../csv/csv-error'
import type { FormatHints } from '../csv/csv-format'

/** What can be wrong with a file of updates, in English (renderer/src/locales/en/main-bulk.ts). */
const ENGLISH = {
  missing:
    '"{file}" is no longer there: it was moved or deleted. Open it again from where it is now.',
  unreadable: 'GateDesk could not read "{file}": {reason}',
  'too-large':
    '"{file}" is {sizeBytes}: a bulk update file may hold at most {limitBytes}. Split it into smaller files.',
  empty:
    '"{file}" has no updates: it needs a header row naming the columns, then one row per update.',
  binary:
    '"{file}" does not look like a CSV file: it contains binary data. Open the CSV file of updates, or choose its encoding.',
  'unknown-encoding':
    'GateDesk does not know the encoding "{encoding}": use e.g. UTF-8, windows-1251 or KOI8-R.',
  'bad-delimiter':
    'GateDesk cannot read CSV delimited by {delimiter}: use one character such as , ; | or a tab.',
  'too-many-rows': '"{file}" has {rows} rows: one bulk job takes at most {max}. Split the file.',
  changed:
    '"{file}" has changed since the bulk job {job} was made from it, so its rows cannot be matched safely. Put the original file back, or start a new job from the changed file.',
} as const

export type BulkFileProblem = keyof typeof ENGLISH

/** Params sent as byte counts, worded as the window words them (renderer/src/i18n/main-messages.ts). */
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

const PROBLEM_OF: Partial<Record<CsvErrorCode, BulkFileProblem>> = {
  'file-missing': 'missing',
  unreadable: 'unreadable',
  'empty-file': 'empty',
  'binary-file': 'binary',
  'unknown-encoding': 'unknown-encoding',
  'bad-delimiter': 'bad-delimiter',
}

/** A CSV reader's error on a file of updates, worded for bulk updates; other errors as they are. */
export function asBulkFileError(error: unknown, path: string, hints: FormatHints): unknown {
  if (!(error instanceof CsvError)) return error
  const problem = PROBLEM_OF[error.code]
  if (problem === undefined) return error
  const file = basename(path)
  const params: Partial<Record<BulkFileProblem, MessageParams>> = {
    unreadable: { file, reason: String((error.cause as Error | undefined)?.message).slice(0, 500) },
    'unknown-encoding': { encoding: (hints.encoding ?? '').slice(0, 64) },
    'bad-delimiter': { delimiter: JSON.stringify(hints.delimiter ?? '') },
  }
  return new BulkFileError(error.code, problem, params[problem] ?? { file })
}
