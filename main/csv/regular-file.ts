import { closeSync, constants, fstatSync, openSync } from 'node:fs'
import { fileChangedSinceOpened, fileSystemError } from './csv-error'

/** Opening a pipe this way never waits for a writer (Windows has no O_NONBLOCK, nor such pipes). */
export const READ_WITHOUT_WAITING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/**
 * Opens again a report file found to be a regular file when it was first opened: one swapped
 * for a pipe or a device since is refused as changed, never waited on.
 */
export function reopenReportFileSync(path: string): number {
  let fd: number
  try {
    fd = openSync(path, READ_WITHOUT_WAITING)
  } catch (error) {
    throw fileSystemError(path, error)
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd)
    throw fileChangedSinceOpened(path)
  }
  return fd
}
