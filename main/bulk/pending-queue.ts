import type { BulkJournal, BulkRow } from './bulk-journal-repository'

/** Pending rows read from the journal at a time: a query a row cost a bulk run 1.6% of its CPU. */
const PAGE_ROWS = 256

export interface PendingQueue {
  /** The next pending row in file order; undefined when none is left. */
  take(): BulkRow | undefined
  /** Gives back a row taken but not sent (the run paused meanwhile): it is taken next. */
  putBack(row: BulkRow): void
  isEmpty(): boolean
}

/**
 * A job's pending rows in file order, read a page at a time. Only the run holding the job's
 * claim changes its pending rows, so rows read ahead stay as read until they are sent.
 */
export function pendingQueue(journal: BulkJournal, jobId: string): PendingQueue {
  let page: BulkRow[] = []
  let nextRowNumber = 1
  let readAll = false
  const fill = () => {
    if (page.length > 0 || readAll) return
    page = journal.pendingRowsFrom(jobId, nextRowNumber, PAGE_ROWS)
    readAll = page.length < PAGE_ROWS
    if (page.length > 0) nextRowNumber = page.at(-1)!.rowNumber + 1
  }
  return {
    take() {
      fill()
      return page.shift()
    },
    putBack(row) {
      page.unshift(row)
    },
    isEmpty() {
      fill()
      return page.length === 0
    },
  }
}
