import type { Migration } from './migration'

/**
 * Saved views of reports: a name and what the view brings back (columns, sort, filters, search,
 * pivot) as JSON, per scope: `template:<id>` for a template's runs, `header:<sha256>` for opened
 * files with that header. The JSON is checked by its schema when read, so a row an older or
 * newer GateDesk (or a hand edit) left unreadable is skipped, never fatal. IF NOT EXISTS: a
 * database rewound to an earlier version by hand (as tests of earlier steps do) keeps its views.
 */
export const savedReportViews: Migration = {
  version: 8,
  summary: 'saved report views per template or per header',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS report_views (
        id            TEXT PRIMARY KEY,
        scope         TEXT NOT NULL,
        name          TEXT NOT NULL COLLATE NOCASE,
        content       TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL,
        last_used_at  TEXT
      ) STRICT;
      CREATE UNIQUE INDEX IF NOT EXISTS report_views_name ON report_views (scope, name);
    `)
  },
}
