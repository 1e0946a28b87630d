import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { copyName, freeName } from '../../preload/contract/templates/report-template'
import { inTeamTransaction, isUniqueViolation } from '../platform/team-db/team-transaction'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import type { ReportTemplate, ReportTemplateSummary } from './report-templates-repository'
import { checkedName, checkedRequest, nameTaken, TemplateNotFoundError } from './template-checks'
import type { TemplateStore } from './template-store'

interface TemplateRow {
  id: string
  name: string
  request: unknown
  created_at: Date
  updated_at: Date
  last_run_at: Date | null
}

const COLUMNS = 'id, name, request, created_at, updated_at, last_run_at'

const summaryOf = (row: TemplateRow): ReportTemplateSummary => {
  const request = row.request as Partial<ReportRequest>
  return {
    id: row.id,
    name: row.name,
    reportIdentifier: String(request.reportIdentifier ?? ''),
    reportFormat: String(request.reportFormat ?? ''),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastRunAt: row.last_run_at?.toISOString() ?? null,
  }
}

const templateOf = (row: TemplateRow): ReportTemplate => ({
  ...summaryOf(row),
  request: row.request as ReportRequest,
})

type Queryable = Pick<pg.PoolClient, 'query'>

/**
 * The team's report templates in its PostgreSQL workspace (schema v2, gatedesk.report_templates):
 * what every desk of the team sees. Two desks saving one name at once: the unique index lets one
 * win, the other is refused as the name being taken.
 */
export function createTeamTemplateStore(
  pool: pg.Pool,
  now: () => Date = () => new Date(),
): TemplateStore {
  async function find(db: Queryable, id: string, lock = false): Promise<ReportTemplate> {
    const { rows } = await db.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM gatedesk.report_templates WHERE id = $1 AND deleted_at IS NULL
       ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    )
    if (rows.length === 0) throw new TemplateNotFoundError(id)
    return templateOf(rows[0]!)
  }

  async function takenNames(db: Queryable): Promise<string[]> {
    const { rows } = await db.query<{ name: string }>(
      'SELECT name FROM gatedesk.report_templates WHERE deleted_at IS NULL',
    )
    return rows.map((row) => row.name)
  }

  /** Refuses a name another live template has (the template `id` itself may keep its own). */
  async function claimName(db: Queryable, name: string, id: string | null): Promise<void> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM gatedesk.report_templates WHERE lower(name) = lower($1) AND deleted_at IS NULL`,
      [name],
    )
    if (rows.some((row) => row.id !== id)) throw nameTaken(name)
  }

  async function insert(db: Queryable, name: string, requestJson: string): Promise<string> {
    const id = randomUUID()
    const at = now()
    await db.query(
      `INSERT INTO gatedesk.report_templates (id, name, request, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $4)`,
      [id, name, requestJson, at],
    )
    return id
  }

  /** A write that names a template: a name another desk took meanwhile is refused as taken. */
  async function naming<T>(name: string, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    try {
      return await inTeamTransaction(pool, work)
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name)
      throw error
    }
  }

  return {
    async list() {
      const { rows } = await pool.query<TemplateRow>(
        `SELECT ${COLUMNS} FROM gatedesk.report_templates WHERE deleted_at IS NULL
         ORDER BY lower(name), created_at`,
      )
      return rows.map(summaryOf)
    },

    async recent(limit = 5) {
      const { rows } = await pool.query<TemplateRow>(
        `SELECT ${COLUMNS} FROM gatedesk.report_templates
         WHERE deleted_at IS NULL AND last_run_at IS NOT NULL
         ORDER BY last_run_at DESC, name LIMIT $1`,
        [limit],
      )
      return rows.map(summaryOf)
    },

    get: (id) => find(pool, id),

    freeName: async (base) => freeName(base, await takenNames(pool)),

    async save(input) {
      const name = checkedName(input.name)
      const requestJson = checkedRequest(input.request)
      const id = await naming(name, async (db) => {
        if (!input.id) {
          await claimName(db, name, null)
          return insert(db, name, requestJson)
        }
        await find(db, input.id, true)
        await claimName(db, name, input.id)
        await db.query(
          `UPDATE gatedesk.report_templates
           SET name = $1, request = $2, updated_at = $3, updated_by = current_user WHERE id = $4`,
          [name, requestJson, now(), input.id],
        )
        return input.id
      })
      return find(pool, id)
    },

    async duplicate(id) {
      const original = await find(pool, id)
      const copyId = await inTeamTransaction(pool, async (db) =>
        insert(db, copyName(original.name, await takenNames(db)), JSON.stringify(original.request)),
      )
      return find(pool, copyId)
    },

    async rename(id, newName) {
      const name = checkedName(newName)
      await naming(name, async (db) => {
        await find(db, id, true)
        await claimName(db, name, id)
        await db.query(
          `UPDATE gatedesk.report_templates SET name = $1, updated_at = $2, updated_by = current_user
           WHERE id = $3`,
          [name, now(), id],
        )
      })
      return find(pool, id)
    },

    async remove(id) {
      const { rowCount } = await pool.query(
        `UPDATE gatedesk.report_templates SET deleted_at = $1, updated_by = current_user
         WHERE id = $2 AND deleted_at IS NULL`,
        [now(), id],
      )
      if (rowCount === 0) throw new TemplateNotFoundError(id)
    },

    async restore(id) {
      await inTeamTransaction(pool, async (db) => {
        const { rows } = await db.query<{ name: string }>(
          `SELECT name FROM gatedesk.report_templates WHERE id = $1 AND deleted_at IS NOT NULL
           FOR UPDATE`,
          [id],
        )
        if (rows.length === 0) throw new TemplateNotFoundError(id)
        await db.query(
          `UPDATE gatedesk.report_templates SET name = $1, deleted_at = NULL, updated_by = current_user
           WHERE id = $2`,
          [freeName(rows[0]!.name, await takenNames(db)), id],
        )
      })
      return find(pool, id)
    },

    async purgeDeleted(before) {
      const { rowCount } = await pool.query(
        `DELETE FROM gatedesk.report_templates
         WHERE deleted_at IS NOT NULL AND ($1::timestamptz IS NULL OR deleted_at < $1)`,
        [before ?? null],
      )
      return rowCount ?? 0
    },

    async markRun(id) {
      const { rowCount } = await pool.query(
        `UPDATE gatedesk.report_templates SET last_run_at = $1 WHERE id = $2 AND deleted_at IS NULL`,
        [now(), id],
      )
      return (rowCount ?? 0) > 0
    },
  }
}
