import type { Db } from '../platform/db/database'
import { COLUMNS } from '../platform/db/migrations/010-history-search'

/** Results recorded between two batches: one FTS5 segment each, not one a result. */
export const TEXT_INDEX_BATCH = 256

/**
 * Indexes for search the entries above request_history_text_state's mark (migration 12), those
 * with a result, and moves the mark to the newest entry: those still sending are indexed by the
 * trigger when their result comes. In a transaction of its own, or in the caller's (a savepoint).
 */
export function historyTextIndex(db: Db) {
  const newest = db.prepare(`SELECT coalesce(max(id), 0) FROM request_history`).pluck()
  const mark = db.prepare(`SELECT indexed_through FROM request_history_text_state`).pluck()
  const index = db.prepare(
    `INSERT INTO request_history_text (rowid, ${COLUMNS})
     SELECT id, ${COLUMNS} FROM request_history
     WHERE id > @from AND id <= @to AND outcome <> 'sending'`,
  )
  const move = db.prepare(`UPDATE request_history_text_state SET indexed_through = ?`)
  const catchUp = db.transaction(() => {
    const from = mark.get() as number
    const to = newest.get() as number
    if (to <= from) return
    index.run({ from, to })
    move.run(to)
  })
  return {
    /** Indexes what is not indexed yet: before the index is read, and a batch at a time. */
    catchUp(): void {
      // Read first, outside a write: a search with nothing new to index writes nothing.
      if ((newest.get() as number) > (mark.get() as number)) catchUp.immediate()
    },
  }
}
