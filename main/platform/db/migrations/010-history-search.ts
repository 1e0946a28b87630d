import type { Migration } from './migration'

/**
 * History's free-text search: an FTS5 index of each request's texts (order ID, profile, serial
 * number, error, message and its parameters — an incident ID among them — environment name) by
 * trigrams, so any part of three characters or more is found through the index, not by reading
 * every row. External content: the texts stay in request_history, triggers keep the index in
 * step. And indexes for the environment and operation filters. IF NOT EXISTS: a database rewound
 * by hand (as tests of earlier steps do) keeps them.
 */
export const historySearch: Migration = {
  version: 10,
  summary: 'free-text search index of the request history',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS request_history_text USING fts5(
        order_id, profile_id, serial_number, error_code, error_message, message, message_params,
        environment_name,
        content = 'request_history', content_rowid = 'id', tokenize = 'trigram'
      );
      CREATE TRIGGER IF NOT EXISTS request_history_text_insert AFTER INSERT ON request_history BEGIN
        INSERT INTO request_history_text (rowid, order_id, profile_id, serial_number, error_code,
          error_message, message, message_params, environment_name)
        VALUES (new.id, new.order_id, new.profile_id, new.serial_number, new.error_code,
          new.error_message, new.message, new.message_params, new.environment_name);
      END;
      CREATE TRIGGER IF NOT EXISTS request_history_text_delete AFTER DELETE ON request_history BEGIN
        INSERT INTO request_history_text (request_history_text, rowid, order_id, profile_id,
          serial_number, error_code, error_message, message, message_params, environment_name)
        VALUES ('delete', old.id, old.order_id, old.profile_id, old.serial_number, old.error_code,
          old.error_message, old.message, old.message_params, old.environment_name);
      END;
      CREATE TRIGGER IF NOT EXISTS request_history_text_update AFTER UPDATE OF order_id, profile_id,
        serial_number, error_code, error_message, message, message_params, environment_name
        ON request_history BEGIN
        INSERT INTO request_history_text (request_history_text, rowid, order_id, profile_id,
          serial_number, error_code, error_message, message, message_params, environment_name)
        VALUES ('delete', old.id, old.order_id, old.profile_id, old.serial_number, old.error_code,
          old.error_message, old.message, old.message_params, old.environment_name);
        INSERT INTO request_history_text (rowid, order_id, profile_id, serial_number, error_code,
          error_message, message, message_params, environment_name)
        VALUES (new.id, new.order_id, new.profile_id, new.serial_number, new.error_code,
          new.error_message, new.message, new.message_params, new.environment_name);
      END;
      INSERT INTO request_history_text (request_history_text) VALUES ('rebuild');
      CREATE INDEX IF NOT EXISTS request_history_environment ON request_history (environment_id, sent_at);
      CREATE INDEX IF NOT EXISTS request_history_operation ON request_history (operation, sent_at);
    `)
  },
}
