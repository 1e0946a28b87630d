import { createHash, randomUUID } from 'node:crypto'
import {
  VIEWS_PER_REPORT_MAX,
  type SavedView,
  type SavedViewContent,
  type ViewScope,
} from '../../preload/contract/reports/saved-views'
import type { Db } from '../platform/db/database'
import {
  checkedViewName,
  listedViews,
  readView,
  storedViewContent,
  viewNameTaken,
} from './view-checks'

interface ViewRow {
  id: string
  scope: string
  name: string
  content: string
  updated_at: string
  last_used_at: string | null
}

/**
 * A scope as stored: a template by id; a header by a hash of its names (a header may hold
 * hundreds of long names, and only equality matters).
 */
export function scopeKey(scope: ViewScope): string {
  if (scope.kind === 'template') return `template:${scope.templateId}`
  return `header:${createHash('sha256').update(JSON.stringify(scope.header)).digest('hex')}`
}

/**
 * Saved report views in the local database: named per scope (unique whatever their case), the
 * one last used per scope remembered. A stored view that no longer reads is left out of the
 * list with a warning in the log, so one bad row never costs the user the others.
 */
export function createSavedViewsRepository(deps: {
  db: Db
  now?: () => Date
  logError: (message: string, detail?: unknown) => void
}) {
  const { db, now = () => new Date(), logError } = deps
  const byId = db.prepare<[string], ViewRow>(`SELECT * FROM report_views WHERE id = ?`)
  const nameOwner = db.prepare<[string, string], { id: string }>(
    `SELECT id FROM report_views WHERE scope = ? AND name = ?`,
  )

  const viewOf = (row: ViewRow): SavedView | null =>
    readView({ ...row, updatedAt: row.updated_at, lastUsedAt: row.last_used_at }, logError)

  function claimName(scope: string, name: string, id: string | null): void {
    const owner = nameOwner.get(scope, name)
    if (owner && owner.id !== id) throw viewNameTaken(name)
  }

  function get(id: string): SavedView | null {
    const row = byId.get(id)
    return row ? viewOf(row) : null
  }

  return {
    /** The scope's readable views by name, and the id of the one last used (if it reads). */
    list(scope: ViewScope): { views: SavedView[]; lastUsedId: string | null } {
      const rows = db
        .prepare<[string, number], ViewRow>(
          `SELECT * FROM report_views WHERE scope = ? ORDER BY name COLLATE NOCASE LIMIT ?`,
        )
        .all(scopeKey(scope), VIEWS_PER_REPORT_MAX)
      return listedViews(rows.map(viewOf).filter((view) => view !== null))
    },

    /**
     * A new view (no `id`) or new content for view `id`, under `name`; it becomes the scope's
     * last used, as the user is looking at it.
     */
    save(input: {
      scope: ViewScope
      id: string | null
      name: string
      content: SavedViewContent
    }): SavedView | null {
      const name = checkedViewName(input.name)
      const scope = scopeKey(input.scope)
      const content = storedViewContent(input.content)
      const at = now().toISOString()
      const id = db
        .transaction(() => {
          const existing = input.id ? byId.get(input.id) : undefined
          if (existing) {
            claimName(existing.scope, name, existing.id)
            db.prepare(
              `UPDATE report_views SET name = ?, content = ?, updated_at = ?, last_used_at = ?
               WHERE id = ?`,
            ).run(name, content, at, at, existing.id)
            return existing.id
          }
          claimName(scope, name, null)
          const newId = randomUUID()
          db.prepare(
            `INSERT INTO report_views (id, scope, name, content, created_at, updated_at, last_used_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          ).run(newId, scope, name, content, at, at, at)
          return newId
        })
        .immediate()
      return get(id)
    },

    /** Null when the view is gone (deleted meanwhile). */
    rename(id: string, newName: string): SavedView | null {
      const name = checkedViewName(newName)
      db.transaction(() => {
        const row = byId.get(id)
        if (!row) return
        claimName(row.scope, name, id)
        db.prepare(`UPDATE report_views SET name = ?, updated_at = ? WHERE id = ?`).run(
          name,
          now().toISOString(),
          id,
        )
      }).immediate()
      return get(id)
    },

    /**
     * Copies every view of one scope to another (a duplicated template's), each under a new id
     * with its name, content and last use, so the copy restores the same view.
     */
    copyScope(from: ViewScope, to: ViewScope): number {
      const rows = db
        .prepare<[string], ViewRow & { created_at: string }>(
          `SELECT * FROM report_views WHERE scope = ?`,
        )
        .all(scopeKey(from))
      const insert = db.prepare(
        `INSERT INTO report_views (id, scope, name, content, created_at, updated_at, last_used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      const target = scopeKey(to)
      const at = now().toISOString()
      for (const row of rows) {
        insert.run(randomUUID(), target, row.name, row.content, at, at, row.last_used_at)
      }
      return rows.length
    },

    remove(id: string): boolean {
      return db.prepare(`DELETE FROM report_views WHERE id = ?`).run(id).changes > 0
    },

    /** Marks the view as the one its scope restores; false when it is gone. */
    markUsed(id: string): boolean {
      return (
        db
          .prepare(`UPDATE report_views SET last_used_at = ? WHERE id = ?`)
          .run(now().toISOString(), id).changes > 0
      )
    },
  }
}

export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>
