import { closeSync, fdatasync, openSync } from 'node:fs'
import { promisify } from 'node:util'
import type { Db } from './database'

export interface CommitOptions {
  /**
   * Must survive a power loss once the promise settles. Otherwise the commit survives a crash
   * or a kill of the process, and becomes power-safe with the next durable commit: for writes
   * whose loss is safe.
   */
  durable: boolean
}

export interface GroupCommit {
  <T>(work: () => T, options: CommitOptions): Promise<T>
  /** Lets go of the WAL file; call before closing the database. */
  close(): void
}

interface Write {
  work: () => unknown
  durable: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

const datasync = promisify(fdatasync)

/**
 * Writes shared by concurrent sends: those asked for while a commit runs go in the next one.
 * Each write runs in a savepoint of its own (one that throws fails alone), and its promise
 * settles only once its transaction has committed, and for a durable write, once it is on disk.
 *
 * The database runs WAL with synchronous FULL, where each commit waits for a sync of the WAL on
 * the main thread (about 1.5 ms here, with nothing else running meanwhile). Here a batch commits
 * with synchronous NORMAL and its WAL is then synced from libuv's thread pool: what FULL does,
 * without stopping the event loop. (A checkpoint that moved the frames on meanwhile synced the
 * database file first, so the data is durable either way.)
 */
export function groupCommit(db: Db): GroupCommit {
  let queued: Write[] = []
  let scheduled = false
  let walFd: number | null = null
  const savepoint = db.transaction((work: () => unknown) => work())
  const normal = db.prepare('PRAGMA synchronous = NORMAL')
  const full = db.prepare('PRAGMA synchronous = FULL')

  async function syncWal(): Promise<void> {
    // Opened once the first commit has made the WAL; it lives as long as the connection.
    walFd ??= openSync(`${db.name}-wal`, 'r+')
    await datasync(walFd)
  }

  function commitBatch(batch: Write[]): Outcome[] {
    const outcomes: Outcome[] = []
    normal.run()
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
    } finally {
      full.run()
    }
    return outcomes
  }

  async function flush() {
    scheduled = false
    const batch = queued
    queued = []
    let outcomes: Outcome[]
    try {
      outcomes = commitBatch(batch)
      if (batch.some((write) => write.durable)) await syncWal()
    } catch (error) {
      // The commit or the sync failed (disk full, I/O error): no write may count as done.
      for (const write of batch) write.reject(error)
      return
    }
    batch.forEach((write, index) => {
      const outcome = outcomes[index]!
      if (outcome.ok) write.resolve(outcome.value)
      else write.reject(outcome.error)
    })
  }

  const commit = <T>(work: () => T, options: CommitOptions) =>
    new Promise<T>((resolve, reject) => {
      queued.push({
        work,
        durable: options.durable,
        resolve: resolve as (value: unknown) => void,
        reject,
      })
      if (!scheduled) {
        scheduled = true
        setImmediate(() => void flush())
      }
    })
  return Object.assign(commit, {
    close() {
      if (walFd !== null) closeSync(walFd)
      walFd = null
    },
  })
}
