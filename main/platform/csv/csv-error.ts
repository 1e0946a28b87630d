import type { MessageCode } from '../../../preload/contract/locales/explain'
import type { MessageParams } from '../../../preload/contract/platform/explained'
import { english } from '../i18n/english'
import {
  changedSinceOpened,
  changedWhileRead,
  CsvProblemError,
  fileParam,
  fileSystemProblem,
  type CsvErrorCode,
  type CsvProblem,
} from './csv-problem'

export { fileParam, type CsvErrorCode } from './csv-problem'

/**
 * A CSV file GateDesk cannot read: the message says what is wrong and what to do, in the
 * catalog's English for `report.csv.<code>` (or the `messageCode` given, when one code has two
 * wordings); the window words it with `params` (preload/contract/platform/explained.ts).
 */
export class CsvError extends Error {
  override readonly name = 'CsvError'
  readonly code: CsvErrorCode
  readonly messageCode: MessageCode
  readonly params: MessageParams

  constructor(
    code: CsvErrorCode,
    params: MessageParams,
    options: { cause?: unknown; messageCode?: MessageCode } = {},
  ) {
    const messageCode = options.messageCode ?? `report.csv.${code}`
    super(english(messageCode, params), { cause: options.cause })
    this.code = code
    this.messageCode = messageCode
    this.params = params
  }
}

/** A problem found where there is no wording, worded now. */
export const csvErrorOf = (problem: CsvProblem, cause?: unknown): CsvError =>
  new CsvError(problem.code, problem.params, { messageCode: problem.messageCode, cause })

/** `error` as a CsvError if a CsvProblemError (from code with no wording), else as it is. */
export const asCsvError = (error: unknown): unknown =>
  error instanceof CsvProblemError ? csvErrorOf(error, error.cause) : error

/** The CsvError for a failed file system call on `path`, by its errno code. */
export const fileSystemError = (path: string, error: unknown): CsvError =>
  csvErrorOf(fileSystemProblem(path, error), error)

/**
 * The CsvError for a file that could not be opened the first time: one that is not there was
 * never found (a typo, another folder), not moved or deleted as it is once a report is open.
 */
export function firstOpenError(path: string, error: unknown): CsvError {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT')
    return fileSystemError(path, error)
  return csvErrorOf(
    { code: 'file-missing', messageCode: 'report.csv.file-not-found', params: fileParam(path) },
    error,
  )
}

/** Rows read from a file that changed since it was indexed would be the wrong rows. */
export const fileChangedSinceOpened = (path: string): CsvError =>
  csvErrorOf(changedSinceOpened(path))

/** A file still being written (or replaced) while it was indexed. */
export const fileChangedWhileRead = (path: string): CsvError => csvErrorOf(changedWhileRead(path))
