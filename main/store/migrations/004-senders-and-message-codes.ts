import type { Migration } from './migration'

/**
 * Which process sent each request, so that an app start marks as cut off only the requests of
 * processes that are gone, not those a CLI run still has in flight (NULL: sent before this
 * version, by a process long gone). And an index that answers the re-send rule's question (the
 * newest update of a profile, and its outcome) without reading the table, as every send asks it.
 */
export const historySender: Migration = {
  version: 4,
  summary: 'the process that sent each request; the newest update of a profile from an index',
  up(db) {
    db.exec(`
      ALTER TABLE request_history ADD COLUMN sender_pid INTEGER;
      ALTER TABLE request_history ADD COLUMN sender_host TEXT;
      CREATE INDEX request_history_latest_update
        ON request_history (profile_id, environment_id, operation, sent_at, outcome);
    `)
  },
}
