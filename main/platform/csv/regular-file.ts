import { closeSync, constants, fstatSync, openSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { changedSinceOpened, CsvProblemError, fileSystemProblem } from './csv-problem'

/** Opening a pipe this way never waits for a writer (Windows has no O_NONBLOCK, nor such pipes). */
export const READ_WITHOUT_WAITING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/**
 * Opens again a report file found to be a regular file when it was first opened: one swapped
 * for a pipe or a device since is refused as changed, never waited on. Called in threads and
 * processes without the catalog too, so it throws a CsvProblemError (main: asCsvError).
 */
export function reopenReportFileSync(path: string): number {
  let fd: number
  try {
    fd = openSync(path, READ_WITHOUT_WAITING)
  } catch (error) {
    throw new CsvProblemError(fileSystemProblem(path, error), { cause: error })
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd)
    throw new CsvProblemError(changedSinceOpened(path))
  }
  return fd
}

/** A path to read that is not a regular file: a folder, a pipe, a device or a socket. */
export class NotRegularFileError extends Error {
  override readonly name = 'NotRegularFileError'
  constructor(readonly isFolder: boolean) {
    super(isFolder ? 'it is a folder' : 'it is a pipe, a device or a socket, not a regular file')
  }
}

/** A file to read whole that is larger than its reader takes: refused before it is read. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError'
  constructor(readonly sizeBytes: number) {
    super(`it is ${sizeBytes} bytes, too large to read whole`)
  }
}

/**
 * Reads a whole file a person named (a key, a template, a command-line option's file, a bulk
 * file), refusing anything but a regular file before a byte is read: a pipe with no writer would
 * be waited on forever, a device such as /dev/zero read without end. Opened without waiting,
 * then checked; a file over `maxBytes` (when given) is refused unread.
 */
export async function readRegularFile(path: string, maxBytes = Infinity): Promise<Buffer> {
  const handle = await open(path, READ_WITHOUT_WAITING)
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw new NotRegularFileError(info.isDirectory())
    if (info.size > maxBytes) throw new FileTooLargeError(info.size)
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}
