import { randomUUID } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { BulkJournal } from '../store/bulk-journal-repository'
import { writePrivateFile } from '../store/private-files'

/**
 * Pasted tables may hold card numbers, so they are kept no longer than they serve: while
 * imported, and for a job of theirs until this long after it ended (to export its results with
 * the inputs, or decide on its unknown rows).
 */
const PASTED_TABLE_KEEP_DAYS = 30
const DAY_MS = 86_400_000
const PASTED = /^pasted-.*\.tsv$/

const folderOf = (dataDir: string) => join(dataDir, 'bulk')

/** Saves a pasted table as an owner-only file, so its job's journal can point at (file, row). */
export function savePastedTable(dataDir: string, text: string): string {
  const file = join(folderOf(dataDir), `pasted-${randomUUID()}.tsv`)
  writePrivateFile(file, text.endsWith('\n') ? text : `${text}\n`)
  return file
}

/** Whether the file is a pasted table GateDesk saved (not a file of the user's). */
export const isPastedTable = (dataDir: string, path: string) =>
  path.startsWith(folderOf(dataDir)) && PASTED.test(path.slice(folderOf(dataDir).length + 1))

/** Deletes a pasted table no job was made from (its import was closed or replaced). */
export function discardPastedTable(journal: BulkJournal, dataDir: string, path: string): void {
  if (isPastedTable(dataDir, path) && journal.jobsOfSource(path).length === 0) {
    rmSync(path, { force: true })
  }
}

/**
 * At app start (no import open yet): deletes the pasted tables of no job, and those whose jobs
 * all ended more than PASTED_TABLE_KEEP_DAYS ago. Returns how many went.
 */
export function sweepPastedTables(journal: BulkJournal, dataDir: string, now: Date): number {
  let files: string[]
  try {
    files = readdirSync(folderOf(dataDir)).filter((name) => PASTED.test(name))
  } catch {
    return 0 // nothing was ever pasted
  }
  let removed = 0
  for (const name of files) {
    const path = join(folderOf(dataDir), name)
    const jobs = journal.jobsOfSource(path)
    const expired = jobs.every(
      (job) =>
        job.finishedAt !== null &&
        (job.state === 'finished' || job.state === 'cancelled') &&
        now.getTime() - Date.parse(job.finishedAt) > PASTED_TABLE_KEEP_DAYS * DAY_MS,
    )
    if (!expired) continue
    rmSync(path, { force: true })
    removed++
  }
  return removed
}
