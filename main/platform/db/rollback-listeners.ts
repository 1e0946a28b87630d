import type { Db } from './database'

/**
 * Caches kept beside a connection (history's uncertain updates) learn what its writes said as
 * they run; a transaction rolled back unsays it. Keyed by connection, so every cache on it hears
 * of every rollback, whoever created the cache and whoever ran the transaction.
 */
const listeners = new WeakMap<Db, Set<() => void>>()

/** Calls `listener` after any transaction (or savepoint) of `db` announced as rolled back. */
export function onRollback(db: Db, listener: () => void): void {
  let set = listeners.get(db)
  if (set === undefined) listeners.set(db, (set = new Set()))
  set.add(listener)
}

/** Writes of `db` were rolled back: what the caches learned from them may be wrong. */
export function announceRollback(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener()
}
