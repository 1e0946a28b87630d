import {
  isUncertainOutcome,
  UNCERTAIN_OUTCOMES,
  type RequestOutcome,
} from '../../preload/contract/request-outcomes'
import type { Db } from './database'

const keyOf = (environmentId: string, profileId: string) => `${environmentId}\n${profileId}`

/**
 * The profiles whose newest update has an uncertain outcome, by environment, in memory: the
 * re-send rule asks before every send, and asking SQLite for each of a bulk run's rows cost more
 * than the rest of its bookkeeping. Kept up to date from this connection's own writes, and read
 * again when another connection (a CLI run) has committed since (PRAGMA data_version).
 */
export function uncertainUpdates(db: Db) {
  const dataVersion = db.prepare('PRAGMA data_version').pluck()
  const newestUncertain = db.prepare(
    `SELECT h.id, h.environment_id AS environmentId, h.profile_id AS profileId
     FROM request_history h
     WHERE h.operation = 'update-recurring-payment' AND h.profile_id IS NOT NULL
       AND h.outcome IN (${UNCERTAIN_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ')})
       AND NOT EXISTS (
         SELECT 1 FROM request_history n
         WHERE n.profile_id = h.profile_id AND n.environment_id = h.environment_id
           AND n.operation = h.operation
           AND (n.sent_at > h.sent_at OR (n.sent_at = h.sent_at AND n.id > h.id)))`,
  )
  let byProfile: Map<string, number> | null = null
  let byId = new Map<number, string>()
  /** Ids taken out as settled since the last read: one of them turning uncertain means a rollback. */
  let settledIds = new Set<number>()
  let seenVersion: unknown = null

  function current(): Map<string, number> {
    const version = dataVersion.get()
    if (byProfile === null || version !== seenVersion) {
      const rows = newestUncertain.all() as {
        id: number
        environmentId: string
        profileId: string
      }[]
      byProfile = new Map(rows.map((row) => [keyOf(row.environmentId, row.profileId), row.id]))
      byId = new Map(rows.map((row) => [row.id, keyOf(row.environmentId, row.profileId)]))
      settledIds = new Set()
      seenVersion = version
    }
    return byProfile
  }

  return {
    /** The history id of the profile's newest update when its outcome is uncertain, else null. */
    of(environmentId: string, profileId: string): number | null {
      return current().get(keyOf(environmentId, profileId)) ?? null
    },
    /** An update recorded as sending: the profile's newest, and uncertain until its result. */
    sending(id: number, environmentId: string, profileId: string): void {
      const key = keyOf(environmentId, profileId)
      const newest = current()
      const before = newest.get(key)
      if (before !== undefined) byId.delete(before)
      newest.set(key, id)
      byId.set(id, key)
    },
    /** A result recorded: the profile's newest update is no longer uncertain if it was this one. */
    settled(id: number, outcome: RequestOutcome): void {
      const key = byId.get(id)
      if (isUncertainOutcome(outcome)) {
        // Settled here, yet uncertain now: the commit that settled it failed. Read it again.
        if (settledIds.has(id)) byProfile = null
        return
      }
      if (key === undefined) return
      current().delete(key)
      byId.delete(id)
      settledIds.add(id)
    },
  }
}
