import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/** Characters no file system takes in a name, control characters, and leading dots. */
const UNSAFE_IN_NAME = /[<>:"/\\|?*\p{Cc}]+|^\.+/gu
const NAME_MAX = 80

/** A report's name as a file name: readable in the window and in a save dialog. */
export function reportFileName(name: string, extension: 'csv' | 'pdf'): string {
  const safe = name.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim().slice(0, NAME_MAX)
  return `${safe.trim() || 'report'}.${extension}`
}

/**
 * The folder where downloaded reports are kept: one folder per run, so two runs of one report
 * never share a file, and the file keeps the report's own name.
 */
export function createReportCache(root: string) {
  return {
    root,
    /** A new, empty folder for one run's download. */
    async runFolder(): Promise<string> {
      const folder = join(root, randomUUID())
      // Reports name payers and amounts: the user's alone, like the rest of the data folder.
      await mkdir(folder, { recursive: true, mode: 0o700 })
      return folder
    },
    async removeFolder(folder: string): Promise<void> {
      await rm(folder, { recursive: true, force: true })
    },
    /**
     * Removes what earlier sessions left: a run's report is reachable only in the session that
     * downloaded it (its result, its PDF file id), and History runs it again rather than reopen it.
     */
    async clearEarlierRuns(): Promise<void> {
      const entries = await readdir(root).catch(() => [])
      await Promise.all(
        entries.map((entry) => rm(join(root, entry), { recursive: true, force: true })),
      )
    },
  }
}

export type ReportCache = ReturnType<typeof createReportCache>
