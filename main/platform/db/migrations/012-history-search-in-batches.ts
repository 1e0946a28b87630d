import type { Migration } from './migration'
import { COLUMNS, NEW_VALUES } from './010-history-search'

/** Entries at or below it are indexed as their results come; those above, by historyTextIndex. */
const INDEXED_THROUGH = `(SELECT indexed_through FROM request_history_text_state)`

/**
 * History's search index filled in batches: indexing each result in its own transaction cost a
 * bulk run about 0.1 ms of CPU a row (an FTS5 segment and its merges at every commit). Entries
 * above `indexed_through` are indexed together later, before any search reads the index
 * (history-text-index.ts); those at or below it, by the triggers, as before: an entry still
 * sending when its batch was indexed, and any later change. Every entry is indexed now, as
 * migration 10 left it (sending ones get indexed with their result).
 */
export const historySearchInBatches: Migration = {
  version: 12,
  summary: 'history search index filled in batches',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS request_history_text_state (
        id               INTEGER PRIMARY KEY CHECK (id = 1),
        indexed_through  INTEGER NOT NULL
      ) STRICT;
      INSERT OR REPLACE INTO request_history_text_state (id, indexed_through)
        VALUES (1, coalesce((SELECT max(id) FROM request_history), 0));
      DROP TRIGGER IF EXISTS request_history_text_result;
      DROP TRIGGER IF EXISTS request_history_text_update;
      CREATE TRIGGER request_history_text_result
        AFTER UPDATE OF outcome ON request_history
        WHEN old.outcome = 'sending' AND new.outcome <> 'sending' AND new.id <= ${INDEXED_THROUGH}
      BEGIN
        INSERT INTO request_history_text (rowid, ${COLUMNS}) VALUES (new.id, ${NEW_VALUES});
      END;
      CREATE TRIGGER request_history_text_update
        AFTER UPDATE OF outcome, ${COLUMNS} ON request_history
        WHEN old.outcome <> 'sending' AND new.outcome <> 'sending' AND new.id <= ${INDEXED_THROUGH}
      BEGIN
        DELETE FROM request_history_text WHERE rowid = old.id;
        INSERT INTO request_history_text (rowid, ${COLUMNS}) VALUES (new.id, ${NEW_VALUES});
      END;
    `)
  },
}
