import type { Migration } from './migration'

/**
 * Reports opened lately: a file by its path (`file:<path>`), a template's run by its template
 * (`template:<id>`, its latest run's download), with the name shown and the view last seen as
 * JSON (checked by its schema when read; a view that no longer reads is dropped, never fatal).
 * IF NOT EXISTS: a database rewound by hand (as tests of earlier steps do) keeps its list.
 */
export const recentReports: Migration = {
  version: 9,
  summary: 'recently opened reports with the view they were last seen with',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS recent_reports (
        id           TEXT PRIMARY KEY,
        key          TEXT NOT NULL UNIQUE,
        kind         TEXT NOT NULL CHECK (kind IN ('file', 'run')),
        path         TEXT NOT NULL,
        name         TEXT NOT NULL,
        template_id  TEXT,
        opened_at    TEXT NOT NULL,
        view         TEXT
      ) STRICT;
      CREATE INDEX IF NOT EXISTS recent_reports_opened ON recent_reports (opened_at DESC);
    `)
  },
}
