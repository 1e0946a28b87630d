import { basename } from 'node:path'
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
 * A CSV file GateDesk cannot read: the message says what is wrong and what to do. Its message
 * code is `report.csv.<code>` (or the `messageCode` given, when one code has two wordings), for
 * the window to word it with `params` (preload/contract/platform/explained.ts).
 */
export class CsvError extends Error {
  override readonly name = 'CsvError'
  readonly code: CsvErrorCode
  readonly messageCode: string
  readonly params: MessageParams

  constructor(
    code: CsvErrorCode,
    message: string,
    options: { cause?: unknown; params: MessageParams; messageCode?: string | undefined },
  ) {
    super(message, options)
    this.code = code
    this.messageCode = options.messageCode ?? `report.csv.${code}`
    this.params = options.params
  }
}

/** The file's base name, as the window's words for a CsvError name it (without quotes). */
export const fileParam = (path: string) => ({ file: basename(path) })

/** How messages name a file: its base name, quoted. */
export function fileLabel(path: string): string {
  return `"${basename(path)}"`
}

/** The CsvError for a failed file system call on `path`, by its errno code. */
export function fileSystemError(path: string, error: unknown): CsvError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT') {
    return new CsvError(
      'file-missing',
      `${fileLabel(path)} is no longer there: it was moved or deleted. Open it again from where it is now.`,
      { cause: error, params: fileParam(path) },
    )
  }
  const reason = error instanceof Error ? error.message : String(error)
  return new CsvError('unreadable', `GateDesk could not read ${fileLabel(path)}: ${reason}`, {
    cause: error,
    params: { ...fileParam(path), reason },
  })
}

/** Rows read from a file that changed since it was indexed would be the wrong rows. */
export function fileChangedSinceOpened(path: string): CsvError {
  return new CsvError(
    'file-changed',
    `${fileLabel(path)} changed since GateDesk opened it. Open it again to see it as it is now.`,
    { params: fileParam(path) },
  )
}

/** A file still being written (or replaced) while it was indexed. */
export function fileChangedWhileRead(path: string): CsvError {
  return new CsvError(
    'file-changed',
    `${fileLabel(path)} changed while GateDesk was reading it. Wait until it is complete, then open it again.`,
    { params: fileParam(path), messageCode: 'report.csv.file-changed-while-read' },
  )
}
