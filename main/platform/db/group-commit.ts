import type { Db } from './database'
import { announceRollback } from './rollback-listeners'

export interface CommitOptions {
  /**
   * Must survive a power loss once the promise settles. Otherwise the commit survives a crash
   * or a kill of the process, and becomes power-safe with the next durable commit: for writes
   * whose loss is safe.
   */
  durable: boolean
}

export type GroupCommit = <T>(work: () => T, options: CommitOptions) => Promise<T>

interface Write {
  work: () => unknown
  durable: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/**
 * Writes shared by concurrent sends: those asked for while a commit runs go in the next one.
 * Each write runs in a savepoint of its own (one that throws fails alone), and its promise
 * settles only once its transaction has committed, and for a durable write, once it is on disk.
 *
 * The database runs WAL with synchronous FULL: a batch with a durable write commits with a sync
 * of the WAL, on the main thread. A batch without one commits with synchronous NORMAL, its sync
 * left to the next durable commit. (Syncing from libuv's thread pool, or from a thread of its
 * own, cost a bulk run more: about 0.14 ms of CPU a row on a busy 2-core machine, where the pool
 * is busy signing and each hand-over wakes two threads; bench:bulk's ratio fell by about 0.05.)
 */
export function groupCommit(db: Db): GroupCommit {
  let queued: Write[] = []
  let scheduled = false
  const savepoint = db.transaction((work: () => unknown) => work())
  // Run as it is parsed each time: SQLite applies a PRAGMA when the statement is prepared, so a
  // prepared statement run again changes nothing.
  const setSynchronous = (level: 'NORMAL' | 'FULL') => db.exec(`PRAGMA synchronous = ${level}`)

  function commitBatch(batch: Write[]): Outcome[] {
    const outcomes: Outcome[] = []
    const lazy = !batch.some((write) => write.durable)
    if (lazy) setSynchronous('NORMAL')
    try {
      db.transaction(() => {
        for (const write of batch) {
          try {
            outcomes.push({ ok: true, value: savepoint(write.work) })
          } catch (error) {
            announceRollback(db)
            outcomes.push({ ok: false, error })
          }
        }
      })()
    } finally {
      if (lazy) setSynchronous('FULL')
    }
    return outcomes
  }

  function flush() {
    scheduled = false
    const batch = queued
    queued = []
    let outcomes: Outcome[]
    try {
      outcomes = commitBatch(batch)
    } catch (error) {
      // The commit or its sync failed (disk full, I/O error): no write may count as done.
      announceRollback(db)
      for (const write of batch) write.reject(error)
      return
    }
    batch.forEach((write, index) => {
      const outcome = outcomes[index]!
      if (outcome.ok) write.resolve(outcome.value)
      else write.reject(outcome.error)
    })
  }

  return <T>(work: () => T, options: CommitOptions) =>
    new Promise<T>((resolve, reject) => {
      queued.push({
        work,
        durable: options.durable,
        resolve: resolve as (value: unknown) => void,
        reject,
      })
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    })
}
