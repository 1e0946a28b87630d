import { basename } from 'node:path'
import type { MessageCode } from '../../../preload/contract/locales/explain'
import type { MessageParams } from '../../../preload/contract/platform/explained'

export type CsvErrorCode =
  | 'empty-file'
  | 'binary-file'
  | 'unknown-encoding'
  | 'bad-delimiter'
  | 'too-many-columns'
  | 'row-too-long'
  | 'file-missing'
  | 'file-changed'
  | 'unreadable'
  | 'index-failed'

/**
 * What is wrong with a CSV file, as code and values only: the row index thread and the query
 * process find these and send them to main, which words them (csv-error.ts). Without the
 * catalog's engine, so those bundles stay small and start fast.
 */
export interface CsvProblem {
  code: CsvErrorCode
  messageCode: MessageCode
  params: MessageParams
}

/** A CsvProblem thrown where there is no wording: main makes it a CsvError (asCsvError). */
export class CsvProblemError extends Error {
  override readonly name = 'CsvProblemError'
  readonly code: CsvErrorCode
  readonly messageCode: MessageCode
  readonly params: MessageParams

  constructor(problem: CsvProblem, options?: ErrorOptions) {
    super(problem.messageCode, options)
    this.code = problem.code
    this.messageCode = problem.messageCode
    this.params = problem.params
  }
}

/** The file's base name, as the catalog's words for a CSV problem name it. */
export const fileParam = (path: string) => ({ file: basename(path) })

/** The problem of a failed file system call on `path`, by its errno code. */
export function fileSystemProblem(path: string, error: unknown): CsvProblem {
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    return { code: 'file-missing', messageCode: 'report.csv.file-missing', params: fileParam(path) }
  }
  const reason = error instanceof Error ? error.message : String(error)
  return {
    code: 'unreadable',
    messageCode: 'report.csv.unreadable',
    params: { ...fileParam(path), reason },
  }
}

/** Rows read from a file that changed since it was indexed would be the wrong rows. */
export const changedSinceOpened = (path: string): CsvProblem => ({
  code: 'file-changed',
  messageCode: 'report.csv.file-changed',
  params: fileParam(path),
})

/** A file still being written (or replaced) while it was indexed. */
export const changedWhileRead = (path: string): CsvProblem => ({
  code: 'file-changed',
  messageCode: 'report.csv.file-changed-while-read',
  params: fileParam(path),
})
