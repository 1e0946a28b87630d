import type { Stats } from 'node:fs'
import { open, realpath, stat, type FileHandle } from 'node:fs/promises'
import { basename, extname, isAbsolute, relative, sep } from 'node:path'
import { ExplainedError } from '../../preload/contract/platform/explained'
import type { MessageSchema } from '../../preload/contract/locales/en'
import { fileSystemError, firstOpenError } from '../platform/csv/csv-error'
import { english } from '../platform/i18n/english'
import { READ_WITHOUT_WAITING } from '../platform/csv/regular-file'

/** The CSV reports GateDesk opens by name: the Open dialog's filter. */
export const CSV_EXTENSIONS = ['csv', 'txt', 'tsv'] as const

/**
 * A file the window asked to open that is not a report GateDesk reads; the message says why,
 * coded `report.file.<problem>` with the file's name for the window to word it.
 */
export class UnsupportedReportFile extends ExplainedError {
  override readonly name = 'UnsupportedReportFile'
  constructor(file: string, problem: FileProblem) {
    super(english(`report.file.${problem}`, { file }), `report.file.${problem}`, { file })
  }
}

/** Why a file is not a report GateDesk opens: its texts are main.report.file.* in the catalog. */
type FileProblem = keyof MessageSchema['main']['report']['file']

function refuseUnlessRegular(path: string, info: Stats): void {
  const name = basename(path)
  if (info.isDirectory()) {
    throw new UnsupportedReportFile(name, 'folder')
  }
  if (!info.isFile()) {
    throw new UnsupportedReportFile(name, 'not-regular')
  }
}

/**
 * Opens a report file for reading, refusing anything but a regular file before a byte is read: a
 * folder, a device, a socket or a pipe (a read of which waits for a writer, forever). It is
 * opened without waiting and checked again once open, so that a pipe put in its place meanwhile
 * is refused too. `cannotOpen` words why the file could not be opened at all (by default, the
 * system's error as it is).
 */
export async function openRegularFile(
  path: string,
  cannotOpen: (error: unknown) => unknown = (error) => error,
): Promise<FileHandle> {
  // A file stat cannot see, open cannot either, and says why.
  const info = await stat(path).catch(() => null)
  if (info) refuseUnlessRegular(path, info)
  const handle = await open(path, READ_WITHOUT_WAITING).catch((error: unknown) => {
    throw cannotOpen(error)
  })
  try {
    refuseUnlessRegular(path, await handle.stat())
    return handle
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** A PDF is known by its signature, whatever the file is called (as the gateway's are). */
async function startsLikePdf(file: FileHandle): Promise<boolean> {
  const { buffer, bytesRead } = await file.read(Buffer.alloc(5), 0, 5, 0)
  return buffer.subarray(0, bytesRead).toString('latin1') === '%PDF-'
}

/**
 * What a file chosen in the Open dialog is: a PDF by its signature, else a CSV (the engine says
 * if it is not one). Only a regular file is read.
 */
export async function chosenReportKind(path: string): Promise<'pdf' | 'csv'> {
  const file = await openRegularFile(path, (error) => firstOpenError(path, error))
  try {
    return (await startsLikePdf(file)) ? 'pdf' : 'csv'
  } catch (error) {
    throw fileSystemError(path, error)
  } finally {
    await file.close()
  }
}

/** Whether `path` is `folder` or inside it, symlinks followed (a folder not there holds nothing). */
async function isInside(path: string, folder: string): Promise<boolean> {
  const [target, root] = await Promise.all([realpath(path), realpath(folder).catch(() => null)])
  if (root === null) return false
  const below = relative(root, target)
  return below === '' || !(below === '..' || below.startsWith(`..${sep}`) || isAbsolute(below))
}

/**
 * What a file dropped on the window is, checked in main before anything reads it (main trusts no
 * path it is sent): a regular file (never a folder, a device or a pipe, which would block a
 * read), none of GateDesk's own (in `appDataDir`: its database, keys, downloaded reports), then a
 * PDF by its signature or a CSV by its extension. Anything else is refused with what to drop
 * instead.
 */
export async function droppedReportKind(path: string, appDataDir: string): Promise<'pdf' | 'csv'> {
  const name = basename(path)
  const refused = (problem: FileProblem) => new UnsupportedReportFile(name, problem)
  const unreadable = () => refused('not-readable')
  if (!isAbsolute(path)) throw refused('not-local')
  const file = await openRegularFile(path, (error) => {
    const code = (error as NodeJS.ErrnoException | undefined)?.code
    if (code === 'EACCES' || code === 'EPERM') return unreadable()
    return refused('gone')
  })
  let pdf: boolean
  try {
    if (await isInside(path, appDataDir)) {
      throw refused('app-data')
    }
    pdf = await startsLikePdf(file).catch(() => {
      throw unreadable()
    })
  } finally {
    await file.close()
  }
  if (pdf) return 'pdf'
  const extension = extname(name).slice(1).toLowerCase()
  if (extension === 'pdf') {
    throw refused('not-pdf-inside')
  }
  if ((CSV_EXTENSIONS as readonly string[]).includes(extension)) return 'csv'
  throw refused('not-a-report')
}
