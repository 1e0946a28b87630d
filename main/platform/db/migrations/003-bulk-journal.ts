import type { Migration } from './migration'

/**
 * The journal of bulk recurring updates: each job, and each row's state before and after its
 * send, so a crash or a kill never sends a row twice nor loses one. A row points at its line of
 * the source file (path, row number, the file's SHA-256): the journal holds no card data.
 */
export const bulkJournal: Migration = {
  version: 3,
  summary: 'journal of bulk recurring updates',
  up(db) {
    db.exec(`
      CREATE TABLE bulk_jobs (
        id               TEXT PRIMARY KEY,
        created_at       TEXT NOT NULL,
        updated_at       TEXT NOT NULL,
        -- The rows' source: a CSV file, checked by its hash before any row is read again.
        source_path      TEXT NOT NULL,
        source_sha256    TEXT NOT NULL,
        encoding         TEXT NOT NULL,
        delimiter        TEXT NOT NULL,
        -- JSON: per column, the parameter it maps to (or null); profile-type is one too.
        mapping          TEXT NOT NULL CHECK (json_valid(mapping)),
        environment_id   TEXT NOT NULL,
        environment_name TEXT NOT NULL,
        profile_type     TEXT,
        concurrency      INTEGER NOT NULL CHECK (concurrency BETWEEN 1 AND 64),
        -- Requests per second at most; NULL: as fast as the concurrency allows.
        rate             REAL CHECK (rate IS NULL OR rate > 0),
        order_prefix     TEXT NOT NULL,
        state            TEXT NOT NULL
                         CHECK (state IN ('ready', 'running', 'paused', 'cancelled', 'finished')),
        -- Who runs it now: a job 'running' whose process is gone was interrupted.
        runner_pid       INTEGER,
        runner_host      TEXT,
        finished_at      TEXT
      ) STRICT;
      CREATE INDEX bulk_jobs_created ON bulk_jobs (created_at);

      CREATE TABLE bulk_rows (
        job_id         TEXT NOT NULL REFERENCES bulk_jobs (id) ON DELETE CASCADE,
        -- The data row of the source file: 1 is the first row after the header.
        row_number     INTEGER NOT NULL,
        -- pending → in-flight → done; in-flight at a crash, or sent with an uncertain answer:
        -- unknown, until someone decides (resend → pending with a new order id, or skipped).
        state          TEXT NOT NULL
                       CHECK (state IN ('pending', 'in-flight', 'done', 'unknown', 'skipped')),
        client_orderid TEXT NOT NULL,
        attempt        INTEGER NOT NULL DEFAULT 1,
        profile_id     TEXT,
        -- JSON {parameter: value} fixed in place in the window; never card data.
        overrides      TEXT CHECK (overrides IS NULL OR json_valid(overrides)),
        history_id     INTEGER,
        outcome        TEXT,
        serial_number  TEXT,
        error_code     TEXT,
        message        TEXT,
        updated_at     TEXT NOT NULL,
        PRIMARY KEY (job_id, row_number)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX bulk_rows_state ON bulk_rows (job_id, state, row_number);

      -- Column mappings remembered by header, so the next file with the same headers maps itself.
      CREATE TABLE bulk_column_mappings (
        header     TEXT PRIMARY KEY COLLATE NOCASE,
        parameter  TEXT,
        updated_at TEXT NOT NULL
      ) STRICT;
    `)
  },
}
