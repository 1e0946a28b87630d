import { randomUUID } from 'node:crypto'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import { copyName, freeName } from '../../preload/contract/templates/report-template'
import type { Db } from '../platform/db/database'
import { checkedName, checkedRequest, nameTaken, TemplateNotFoundError } from './template-checks'

export { TemplateNotFoundError, TemplateRefusedError } from './template-checks'

/** A template as the list shows it. Times are ISO 8601, UTC. */
export interface ReportTemplateSummary {
  id: string
  name: string
  reportIdentifier: string
  reportFormat: string
  createdAt: string
  updatedAt: string
  /** When a report was last run from it; null when never. */
  lastRunAt: string | null
}

export interface ReportTemplate extends ReportTemplateSummary {
  request: ReportRequest
}

interface TemplateRow {
  id: string
  name: string
  request: string
  report_identifier: string | null
  report_format: string | null
  created_at: string
  updated_at: string
  last_run_at: string | null
}

const COLUMNS = `id, name, request, created_at, updated_at, last_run_at,
  json_extract(request, '$.reportIdentifier') AS report_identifier,
  json_extract(request, '$.reportFormat') AS report_format`

const summaryOf = (row: TemplateRow): ReportTemplateSummary => ({
  id: row.id,
  name: row.name,
  reportIdentifier: String(row.report_identifier ?? ''),
  reportFormat: String(row.report_format ?? ''),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  lastRunAt: row.last_run_at,
})

const templateOf = (row: TemplateRow): ReportTemplate => ({
  ...summaryOf(row),
  request: JSON.parse(row.request) as ReportRequest,
})

/**
 * Report templates in the local database: saved, copied, renamed, deleted with undo, and when
 * each last ran. Names are unique among the templates not deleted, whatever their case.
 */
export function createReportTemplatesRepository(db: Db, now: () => Date = () => new Date()) {
  const select = db.prepare<[string], TemplateRow>(
    `SELECT ${COLUMNS} FROM report_templates WHERE id = ? AND deleted_at IS NULL`,
  )
  const names = db.prepare<[], { name: string }>(
    `SELECT name FROM report_templates WHERE deleted_at IS NULL`,
  )
  const nameOwner = db.prepare<[string], { id: string }>(
    `SELECT id FROM report_templates WHERE name = ? AND deleted_at IS NULL`,
  )

  function get(id: string): ReportTemplate {
    const row = select.get(id)
    if (!row) throw new TemplateNotFoundError(id)
    return templateOf(row)
  }

  const takenNames = () => names.all().map((row) => row.name)

  /** Refuses a name another live template has (the template `id` itself may keep its own). */
  function claimName(name: string, id: string | null): void {
    const owner = nameOwner.get(name)
    if (owner && owner.id !== id) throw nameTaken(name)
  }

  function insert(name: string, requestJson: string, lastRunAt: string | null = null): string {
    const id = randomUUID()
    const at = now().toISOString()
    db.prepare(
      `INSERT INTO report_templates (id, name, request, created_at, updated_at, last_run_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(id, name, requestJson, at, at, lastRunAt)
    return id
  }

  return {
    /** Every template not deleted, by name. */
    list(): ReportTemplateSummary[] {
      return db
        .prepare<[], TemplateRow>(
          `SELECT ${COLUMNS} FROM report_templates WHERE deleted_at IS NULL
           ORDER BY name COLLATE NOCASE, created_at`,
        )
        .all()
        .map(summaryOf)
    },

    /** The templates last run, most recent first. */
    recent(limit = 5): ReportTemplateSummary[] {
      return db
        .prepare<[number], TemplateRow>(
          `SELECT ${COLUMNS} FROM report_templates
           WHERE deleted_at IS NULL AND last_run_at IS NOT NULL
           ORDER BY last_run_at DESC, name LIMIT ?`,
        )
        .all(limit)
        .map(summaryOf)
    },

    get,

    /** A name no template has yet: `base`, else `base 2`, `base 3`… */
    freeName: (base: string) => freeName(base, takenNames()),

    /** Creates a template (no `id`) or replaces an existing one's name and request. */
    save(input: { id?: string | null; name: string; request: unknown }): ReportTemplate {
      const name = checkedName(input.name)
      const requestJson = checkedRequest(input.request)
      const id = db
        .transaction(() => {
          if (!input.id) {
            claimName(name, null)
            return insert(name, requestJson)
          }
          get(input.id)
          claimName(name, input.id)
          db.prepare(
            `UPDATE report_templates SET name = ?, request = ?, updated_at = ? WHERE id = ?`,
          ).run(name, requestJson, now().toISOString(), input.id)
          return input.id
        })
        .immediate()
      return get(id)
    },

    /**
     * A copy under the name "… (copy)" (or "… (copy 2)"…), never run yet. `alongside` copies
     * what belongs to the template elsewhere (its saved views) in the same transaction, so a
     * copy never exists without them.
     */
    duplicate(
      id: string,
      alongside?: (originalId: string, copyId: string) => void,
    ): ReportTemplate {
      const copyId = db
        .transaction(() => {
          const original = get(id)
          const newId = insert(
            copyName(original.name, takenNames()),
            JSON.stringify(original.request),
          )
          alongside?.(original.id, newId)
          return newId
        })
        .immediate()
      return get(copyId)
    },

    rename(id: string, newName: string): ReportTemplate {
      const name = checkedName(newName)
      db.transaction(() => {
        get(id)
        claimName(name, id)
        db.prepare(`UPDATE report_templates SET name = ?, updated_at = ? WHERE id = ?`).run(
          name,
          now().toISOString(),
          id,
        )
      }).immediate()
      return get(id)
    },

    /** Deletes a template so that `restore` can bring it back until it is purged. */
    remove(id: string): void {
      const changed = db
        .prepare(`UPDATE report_templates SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL`)
        .run(now().toISOString(), id).changes
      if (changed === 0) throw new TemplateNotFoundError(id)
    },

    /**
     * Undoes a delete. When another template took the name meanwhile, the restored one gets
     * the first free "name 2", "name 3"…
     */
    restore(id: string): ReportTemplate {
      db.transaction(() => {
        const row = db
          .prepare<[string], { name: string }>(
            `SELECT name FROM report_templates WHERE id = ? AND deleted_at IS NOT NULL`,
          )
          .get(id)
        if (!row) throw new TemplateNotFoundError(id)
        db.prepare(`UPDATE report_templates SET name = ?, deleted_at = NULL WHERE id = ?`).run(
          freeName(row.name, takenNames()),
          id,
        )
      }).immediate()
      return get(id)
    },

    /** Forgets deleted templates for good: those deleted before `before` (by default, all). */
    purgeDeleted(before?: Date): number {
      return db
        .prepare(`DELETE FROM report_templates WHERE deleted_at IS NOT NULL AND deleted_at < ?`)
        .run(before ? before.toISOString() : '9999').changes
    },

    /**
     * Notes that a report was just run from the template, for "Recently run". A template deleted
     * meanwhile is left alone: returns whether one was marked.
     */
    markRun(id: string): boolean {
      return (
        db
          .prepare(
            `UPDATE report_templates SET last_run_at = ? WHERE id = ? AND deleted_at IS NULL`,
          )
          .run(now().toISOString(), id).changes > 0
      )
    },
  }
}

export type ReportTemplatesRepository = ReturnType<typeof createReportTemplatesRepository>
