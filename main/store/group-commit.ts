import type { Db } from './database'

export interface CommitOptions {
  /**
   * Must survive a power loss once the promise settles (synchronous FULL: the WAL is synced).
   * Otherwise the commit survives a crash or a kill of the process, and becomes power-safe with
   * the next durable commit (synchronous NORMAL): for writes whose loss is safe.
   */
  durable: boolean
}

interface Write {
  work: () => unknown
  durable: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Writes shared by concurrent sends: those asked for while a commit runs go in the next one, so
 * one sync of the WAL makes several rows' journal entries durable at once. Each write runs in a
 * savepoint of its own (one that throws fails alone), and its promise settles only once its
 * transaction has committed.
 */
export function groupCommit(db: Db): <T>(work: () => T, options: CommitOptions) => Promise<T> {
  let queued: Write[] = []
  let scheduled = false
  const savepoint = db.transaction((work: () => unknown) => work())

  function flush() {
    scheduled = false
    const batch = queued
    queued = []
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = []
    const durable = batch.some((write) => write.durable)
    // The database runs FULL; a batch that need not be power-safe skips the sync.
    if (!durable) db.pragma('synchronous = NORMAL')
    try {
      db.transaction(() => {
        for (const write of batch) {
          try {
            outcomes.push({ ok: true, value: savepoint(write.work) })
          } catch (error) {
            outcomes.push({ ok: false, error })
          }
        }
      })()
    } catch (error) {
      // The commit itself failed (disk full): nothing of the batch was written.
      for (const write of batch) write.reject(error)
      return
    } finally {
      if (!durable) db.pragma('synchronous = FULL')
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
