import {
  isUncertainOutcome,
  UNCERTAIN_OUTCOMES,
  type RequestOutcome,
} from '../../preload/contract/platform/request-outcomes'
import type { Parameter } from '../platform/privacy/parameter'
import type { Db } from '../platform/db/database'
import { onRollback } from '../platform/db/rollback-listeners'

const keyOf = (environmentId: string, profileId: string) => `${environmentId}\n${profileId}`

/**
 * An update as history keeps it (card data masked), without its order id: a new client-orderid
 * does not make a re-send safe, as the profile may already hold the update.
 */
export const updateKey = (stored: readonly Parameter[]) =>
  JSON.stringify(
    stored.filter(([name]) => name !== 'client-orderid').sort(([a], [b]) => (a < b ? -1 : 1)),
  )

/** A profile's newest update, uncertain: its history id and its updateKey. */
export interface UncertainUpdate {
  id: number
  update: string
}

/**
 * The profiles whose newest update has an uncertain outcome, by environment, in memory: the
 * re-send rule asks before every send, and asking SQLite for each of a bulk run's rows cost more
 * than the rest of its bookkeeping. Kept up to date from this connection's own writes, and read
 * again when another connection (a CLI run) has committed since (PRAGMA data_version), or when a
 * transaction of this one was rolled back (its writes, already learned, never happened).
 */
export function uncertainUpdates(db: Db) {
  const dataVersion = db.prepare('PRAGMA data_version').pluck()
  const newestUncertain = db.prepare(
    `SELECT h.id, h.environment_id AS environmentId, h.profile_id AS profileId, h.parameters
     FROM request_history h
     WHERE h.operation = 'update-recurring-payment' AND h.profile_id IS NOT NULL
       AND h.outcome IN (${UNCERTAIN_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ')})
       AND NOT EXISTS (
         SELECT 1 FROM request_history n
         WHERE n.profile_id = h.profile_id AND n.environment_id = h.environment_id
           AND n.operation = h.operation
           AND (n.sent_at > h.sent_at OR (n.sent_at = h.sent_at AND n.id > h.id)))`,
  )
  let byProfile: Map<string, UncertainUpdate> | null = null
  let byId = new Map<number, string>()
  let seenVersion: unknown = null
  onRollback(db, () => (byProfile = null))

  function current(): Map<string, UncertainUpdate> {
    const version = dataVersion.get()
    if (byProfile === null || version !== seenVersion) {
      const rows = newestUncertain.all() as {
        id: number
        environmentId: string
        profileId: string
        parameters: string
      }[]
      byProfile = new Map()
      byId = new Map()
      for (const row of rows) {
        const key = keyOf(row.environmentId, row.profileId)
        byProfile.set(key, { id: row.id, update: updateKey(JSON.parse(row.parameters)) })
        byId.set(row.id, key)
      }
      seenVersion = version
    }
    return byProfile
  }

  return {
    /** The profile's newest update when its outcome is uncertain, else null. */
    of(environmentId: string, profileId: string): UncertainUpdate | null {
      return current().get(keyOf(environmentId, profileId)) ?? null
    },
    /** An update recorded as sending: the profile's newest, and uncertain until its result. */
    sending(newest: UncertainUpdate, environmentId: string, profileId: string): void {
      // Not read yet: the first question reads the table, this write included. Read already: a
      // write of another connection since makes the next question read it all again anyway.
      if (byProfile === null) return
      const key = keyOf(environmentId, profileId)
      const before = byProfile.get(key)
      if (before !== undefined) byId.delete(before.id)
      byProfile.set(key, newest)
      byId.set(newest.id, key)
    },
    /** A result recorded: the profile's newest update is no longer uncertain if it was this one. */
    settled(id: number, outcome: RequestOutcome): void {
      const key = byId.get(id)
      if (isUncertainOutcome(outcome) || key === undefined || byProfile === null) return
      byProfile.delete(key)
      byId.delete(id)
    },
  }
}
