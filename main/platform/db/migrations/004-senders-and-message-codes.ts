import type { Migration } from './migration'

/**
 * - Which process sent each request, so that an app start marks as cut off only the requests of
 *   processes that are gone, not those a CLI run still has in flight (NULL: sent before this
 *   version, by a process long gone).
 * - Each result message's code and parameters next to its English text, so the window can say it
 *   in its own language (preload/contract/platform/explained.ts); NULL: shown as written.
 */
export const sendersAndMessageCodes: Migration = {
  version: 4,
  summary: "requests' sender process, and results' message codes",
  up(db) {
    db.exec(`
      ALTER TABLE request_history ADD COLUMN sender_pid INTEGER;
      ALTER TABLE request_history ADD COLUMN sender_host TEXT;
      ALTER TABLE request_history ADD COLUMN message_code TEXT;
      ALTER TABLE request_history ADD COLUMN message_params TEXT
        CHECK (message_params IS NULL OR json_valid(message_params));
      ALTER TABLE bulk_rows ADD COLUMN message_code TEXT;
      ALTER TABLE bulk_rows ADD COLUMN message_params TEXT
        CHECK (message_params IS NULL OR json_valid(message_params));
    `)
  },
}
