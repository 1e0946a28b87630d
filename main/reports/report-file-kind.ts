import { open, stat } from 'node:fs/promises'
import { basename, extname, isAbsolute } from 'node:path'
import { ExplainedError } from '../../preload/contract/explained'

/** The CSV reports GateDesk opens by name: the Open dialog's filter. */
export const CSV_EXTENSIONS = ['csv', 'txt', 'tsv'] as const

/**
 * A file the window asked to open that is not a report GateDesk reads; the message says why,
 * coded `report.file.<problem>` with the file's name for the window to word it.
 */
export class UnsupportedReportFile extends ExplainedError {
  override readonly name = 'UnsupportedReportFile'
  constructor(file: string, problem: string, message: string) {
    super(message, `report.file.${problem}`, { file })
  }
}

/** A PDF is known by its signature, whatever the file is called (as the gateway's are). */
export async function startsLikePdf(path: string): Promise<boolean> {
  const file = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(5), 0, 5, 0)
    return buffer.subarray(0, bytesRead).toString('latin1') === '%PDF-'
  } finally {
    await file.close()
  }
}

/**
 * What a file dropped on the window is, checked before anything reads it: a regular file (never
 * a folder, a device or a pipe, which would block a read), then a PDF by its signature or a CSV
 * by its extension. Anything else is refused with what to drop instead.
 */
export async function droppedReportKind(path: string): Promise<'pdf' | 'csv'> {
  const name = basename(path)
  const refused = (problem: string, message: string) =>
    new UnsupportedReportFile(name, problem, message)
  if (!isAbsolute(path)) throw refused('not-local', `"${name}" is not a file on this computer.`)
  const info = await stat(path).catch(() => null)
  if (!info) {
    throw refused(
      'gone',
      `"${name}" cannot be read: it is no longer there, or you may not read it.`,
    )
  }
  if (info.isDirectory()) {
    throw refused('folder', `"${name}" is a folder: drop a CSV or PDF report file.`)
  }
  if (!info.isFile()) {
    throw refused('not-regular', `"${name}" is not a regular file: drop a CSV or PDF report.`)
  }
  const pdf = await startsLikePdf(path).catch(() => {
    throw refused('not-readable', `"${name}" cannot be read: you may not read it.`)
  })
  if (pdf) return 'pdf'
  const extension = extname(name).slice(1).toLowerCase()
  if (extension === 'pdf') {
    throw refused(
      'not-pdf-inside',
      `"${name}" is not a PDF inside (it does not start with %PDF-): it may be damaged. Run the report again.`,
    )
  }
  if ((CSV_EXTENSIONS as readonly string[]).includes(extension)) return 'csv'
  throw refused(
    'not-a-report',
    `"${name}" is not a report GateDesk opens: drop a CSV (.csv, .txt, .tsv) or a PDF.`,
  )
}
