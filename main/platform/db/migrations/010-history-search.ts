import type { Migration } from './migration'

/** The texts request_history_text indexes, in its columns' order. */
export const COLUMNS = 'order_id, profile_id, serial_number, error_code, message'
export const NEW_VALUES = COLUMNS.split(', ')
  .map((column) => `new.${column}`)
  .join(', ')

/**
 * History's free-text search: an FTS5 index of each request's texts (order ID, profile, serial
 * number, error code, and the message, which names an incident ID) by trigrams, so any part of
 * three characters or more is found through the index, not by reading every row. Contentless
 * (the texts stay in request_history; a search needs only the ids), with deletes by id, so an
 * entry is indexed again whatever the index held of it. An entry is indexed once its result is
 * recorded (or it is marked interrupted), not while it is 'sending': tokenising costs CPU on every
 * send, and bulk runs send many. Indexes for the environment and operation filters too.
 * Re-runnable: a database rewound by hand (as tests of earlier steps do) is indexed afresh.
 */
export const historySearch: Migration = {
  version: 10,
  summary: 'free-text search index of the request history',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS request_history_text USING fts5(
        ${COLUMNS}, content = '', contentless_delete = 1, tokenize = 'trigram'
      );
      CREATE TRIGGER IF NOT EXISTS request_history_text_delete AFTER DELETE ON request_history
      BEGIN
        DELETE FROM request_history_text WHERE rowid = old.id;
      END;
      CREATE TRIGGER IF NOT EXISTS request_history_text_result
        AFTER UPDATE OF outcome ON request_history
        WHEN old.outcome = 'sending' AND new.outcome <> 'sending'
      BEGIN
        INSERT INTO request_history_text (rowid, ${COLUMNS}) VALUES (new.id, ${NEW_VALUES});
      END;
      CREATE TRIGGER IF NOT EXISTS request_history_text_update
        AFTER UPDATE OF outcome, ${COLUMNS} ON request_history
        WHEN old.outcome <> 'sending' AND new.outcome <> 'sending'
      BEGIN
        DELETE FROM request_history_text WHERE rowid = old.id;
        INSERT INTO request_history_text (rowid, ${COLUMNS}) VALUES (new.id, ${NEW_VALUES});
      END;
      DELETE FROM request_history_text;
      INSERT INTO request_history_text (rowid, ${COLUMNS})
        SELECT id, ${COLUMNS} FROM request_history WHERE outcome <> 'sending';
      CREATE INDEX IF NOT EXISTS request_history_environment
        ON request_history (environment_id, sent_at);
      CREATE INDEX IF NOT EXISTS request_history_operation ON request_history (operation, sent_at);
    `)
  },
}
