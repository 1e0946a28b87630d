import { randomUUID } from 'node:crypto'
import type { Migration } from './migration'

const FILTER_NAMES = [
  'gates',
  'companies',
  'projects',
  'endpoints',
  'merchants',
  'processors',
  'managers',
  'resellers',
  'currencies',
]

/** A day as the gateway writes it: DD.MM.YYYY, in the local calendar. */
function dotted(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`
}

/**
 * Report templates: a name and the report request of spec §2.1 as JSON. A deleted template keeps
 * its row (deleted_at set) until it is purged, so a delete can be undone. Seeds one example that
 * runs on the built-in Sandbox: its transactions of the 30 days up to the day it was made.
 */
export const reportTemplates: Migration = {
  version: 2,
  summary: 'report templates, with an example for the Sandbox',
  up(db) {
    db.exec(`
      CREATE TABLE report_templates (
        id           TEXT PRIMARY KEY,
        name         TEXT NOT NULL COLLATE NOCASE,
        -- The report request of spec §2.1, as checked by its schema when saved.
        request      TEXT NOT NULL CHECK (json_valid(request)),
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL,
        last_run_at  TEXT,
        -- Set by a delete, cleared by its undo; such rows are purged later.
        deleted_at   TEXT
      ) STRICT;
      CREATE UNIQUE INDEX report_templates_name ON report_templates (name) WHERE deleted_at IS NULL;
      CREATE INDEX report_templates_run ON report_templates (last_run_at)
        WHERE deleted_at IS NULL AND last_run_at IS NOT NULL;
    `)
    const now = new Date()
    const monthAgo = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29)
    const name = 'Transactions — last 30 days'
    const request = {
      reportIdentifier: 'transactions',
      reportEncode: 'UTF-8',
      reportName: name,
      reportCsvDelimiter: ',',
      reportFormat: 'CSV',
      configurationReportParameters: [],
      inputReportParameters: [
        { type: 'INPUT_TEXT', name: 'dateFrom', value: dotted(monthAgo) },
        { type: 'INPUT_TEXT', name: 'dateTo', value: dotted(now) },
      ],
      outputReportParameters: [],
      filters: Object.fromEntries(FILTER_NAMES.map((filter) => [filter, []])),
    }
    db.prepare(
      `INSERT INTO report_templates (id, name, request, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?)`,
    ).run(randomUUID(), name, JSON.stringify(request), now.toISOString(), now.toISOString())
  },
}
