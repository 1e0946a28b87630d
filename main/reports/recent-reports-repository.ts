import { randomUUID } from 'node:crypto'
import {
  RECENT_REPORTS_MAX,
  type RecentReport,
} from '../../preload/contract/reports/recent-reports'
import {
  savedViewContentSchema,
  type SavedViewContent,
} from '../../preload/contract/reports/saved-views'
import type { Db } from '../platform/db/database'

interface RecentRow {
  id: string
  kind: RecentReport['kind']
  path: string
  name: string
  template_id: string | null
  opened_at: string
  view: string | null
}

/** A recent report as main keeps it: with its path, which the window never gets. */
export interface RecentEntry {
  id: string
  kind: RecentReport['kind']
  path: string
  name: string
  templateId: string | null
  openedAt: string
  view: SavedViewContent | null
}

/** What was opened: a file by its path, or a template's run (one entry per template). */
export type OpenedReportFact =
  | { kind: 'file'; path: string; name: string }
  | { kind: 'run'; path: string; name: string; templateId: string }

const keyOf = (fact: OpenedReportFact) =>
  fact.kind === 'run' ? `template:${fact.templateId}` : `file:${fact.path}`

/**
 * The recently opened reports in the local database: newest first, at most
 * RECENT_REPORTS_MAX (the oldest go), one entry per file path or per template. Opening one again
 * moves it to the top and keeps the view it was last seen with.
 */
export function createRecentReportsRepository(deps: {
  db: Db
  now?: () => Date
  logError: (message: string, detail?: unknown) => void
}) {
  const { db, now = () => new Date(), logError } = deps

  /** The stored view, or null (logged) when it no longer reads as one. */
  function viewOf(row: RecentRow): SavedViewContent | null {
    if (row.view === null) return null
    try {
      const view = savedViewContentSchema.safeParse(JSON.parse(row.view))
      if (view.success) return view.data
      logError(`The view of recent report ${row.id} does not read as a view; it is left out`)
    } catch (error) {
      logError(`The view of recent report ${row.id} is not JSON; it is left out`, error)
    }
    return null
  }
  const entryOf = (row: RecentRow): RecentEntry => ({
    id: row.id,
    kind: row.kind,
    path: row.path,
    name: row.name,
    templateId: row.template_id,
    openedAt: row.opened_at,
    view: viewOf(row),
  })
  const byId = db.prepare<[string], RecentRow>(`SELECT * FROM recent_reports WHERE id = ?`)

  return {
    /** Newest first. */
    list(): RecentEntry[] {
      return db
        .prepare<[number], RecentRow>(
          `SELECT * FROM recent_reports ORDER BY opened_at DESC, rowid DESC LIMIT ?`,
        )
        .all(RECENT_REPORTS_MAX)
        .map(entryOf)
    },

    get(id: string): RecentEntry | null {
      const row = byId.get(id)
      return row ? entryOf(row) : null
    },

    /** Puts the report at the top (a new entry, or the file's or template's one); its id. */
    noteOpened(fact: OpenedReportFact): string {
      const templateId = fact.kind === 'run' ? fact.templateId : null
      return db
        .transaction(() => {
          const { id } = db
            .prepare<
              [string, string, string, string, string, string | null, string],
              { id: string }
            >(
              `INSERT INTO recent_reports (id, key, kind, path, name, template_id, opened_at)
               VALUES (?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (key) DO UPDATE SET
                 path = excluded.path, name = excluded.name, opened_at = excluded.opened_at
               RETURNING id`,
            )
            .get(
              randomUUID(),
              keyOf(fact),
              fact.kind,
              fact.path,
              fact.name,
              templateId,
              now().toISOString(),
            )!
          db.prepare(
            `DELETE FROM recent_reports WHERE id NOT IN (
               SELECT id FROM recent_reports ORDER BY opened_at DESC, rowid DESC LIMIT ?)`,
          ).run(RECENT_REPORTS_MAX)
          return id
        })
        .immediate()
    },

    /** Keeps the view the report is seen with now; false when it left the list. */
    rememberView(id: string, view: SavedViewContent): boolean {
      const json = JSON.stringify(savedViewContentSchema.parse(view))
      return db.prepare(`UPDATE recent_reports SET view = ? WHERE id = ?`).run(json, id).changes > 0
    },

    remove(id: string): boolean {
      return db.prepare(`DELETE FROM recent_reports WHERE id = ?`).run(id).changes > 0
    },

    /** Empties the list; how many entries went. */
    clear(): number {
      return db.prepare(`DELETE FROM recent_reports`).run().changes
    },
  }
}

export type RecentReportsRepository = ReturnType<typeof createRecentReportsRepository>
