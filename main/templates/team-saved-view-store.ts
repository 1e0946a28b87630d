import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { VIEWS_PER_REPORT_MAX, type SavedView } from '../../preload/contract/reports/saved-views'
import {
  inTeamTransaction,
  isMissingReference,
  isUniqueViolation,
} from '../platform/team-db/team-transaction'
import type { SavedViewStore, TemplateViewScope } from './saved-view-store'
import { TemplateNotFoundError } from './template-checks'
import {
  checkedViewName,
  listedViews,
  readView,
  storedViewContent,
  viewNameTaken,
} from './view-checks'

interface TeamViewRow {
  id: string
  template_id: string
  name: string
  content: string
  updated_at: Date
  last_used_at: Date | null
}

// The content as the text stored, so that both stores read it back by the same code.
const COLUMNS = 'id, template_id, name, content::text AS content, updated_at, last_used_at'

type Queryable = Pick<pg.PoolClient, 'query'>

/**
 * The team's saved views in its PostgreSQL workspace (schema v6, gatedesk.report_views): each
 * belongs to a template of the team and goes with it when it is deleted for good. Two desks
 * naming views alike at once: the unique index lets one win, the other is refused as taken.
 */
export function createTeamSavedViewStore(deps: {
  pool: pg.Pool
  now?: () => Date
  logError: (message: string, detail?: unknown) => void
}): SavedViewStore<TemplateViewScope> {
  const { pool, now = () => new Date(), logError } = deps

  const viewOf = (row: TeamViewRow): SavedView | null =>
    readView(
      {
        ...row,
        updatedAt: row.updated_at.toISOString(),
        lastUsedAt: row.last_used_at?.toISOString() ?? null,
      },
      logError,
    )

  async function get(id: string): Promise<SavedView | null> {
    const { rows } = await pool.query<TeamViewRow>(
      `SELECT ${COLUMNS} FROM gatedesk.report_views WHERE id = $1`,
      [id],
    )
    return rows[0] ? viewOf(rows[0]) : null
  }

  /** The template the view belongs to, locked for the change; null when the view is gone. */
  async function ownerOf(db: Queryable, id: string | null): Promise<string | null> {
    if (id === null) return null
    const { rows } = await db.query<{ template_id: string }>(
      'SELECT template_id FROM gatedesk.report_views WHERE id = $1 FOR UPDATE',
      [id],
    )
    return rows[0]?.template_id ?? null
  }

  async function claimName(db: Queryable, templateId: string, name: string, id: string | null) {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM gatedesk.report_views WHERE template_id = $1 AND lower(name) = lower($2)',
      [templateId, name],
    )
    if (rows.some((row) => row.id !== id)) throw viewNameTaken(name)
  }

  /**
   * A write that names a view: a name another desk took meanwhile is refused as taken, and a
   * new view's template that is not in the workspace as not found.
   */
  async function naming<T>(
    refused: { name: string; templateId?: string },
    work: (db: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    try {
      return await inTeamTransaction(pool, work)
    } catch (error) {
      if (isUniqueViolation(error)) throw viewNameTaken(refused.name)
      if (isMissingReference(error) && refused.templateId !== undefined) {
        throw new TemplateNotFoundError(refused.templateId)
      }
      throw error
    }
  }

  return {
    async list(scope) {
      const { rows } = await pool.query<TeamViewRow>(
        `SELECT ${COLUMNS} FROM gatedesk.report_views WHERE template_id = $1
         ORDER BY lower(name) LIMIT $2`,
        [scope.templateId, VIEWS_PER_REPORT_MAX],
      )
      return listedViews(rows.map(viewOf).filter((view) => view !== null))
    },

    async save(input) {
      const name = checkedViewName(input.name)
      const content = storedViewContent(input.content)
      const at = now()
      const id = await naming({ name, templateId: input.scope.templateId }, async (db) => {
        const owner = await ownerOf(db, input.id)
        if (owner !== null) {
          await claimName(db, owner, name, input.id)
          await db.query(
            `UPDATE gatedesk.report_views SET name = $1, content = $2, updated_at = $3,
               last_used_at = $3, updated_by = current_user WHERE id = $4`,
            [name, content, at, input.id],
          )
          return input.id!
        }
        await claimName(db, input.scope.templateId, name, null)
        const newId = randomUUID()
        await db.query(
          `INSERT INTO gatedesk.report_views
             (id, template_id, name, content, created_at, updated_at, last_used_at)
           VALUES ($1, $2, $3, $4, $5, $5, $5)`,
          [newId, input.scope.templateId, name, content, at],
        )
        return newId
      })
      return get(id)
    },

    async rename(id, newName) {
      const name = checkedViewName(newName)
      await naming({ name }, async (db) => {
        const owner = await ownerOf(db, id)
        if (owner === null) return
        await claimName(db, owner, name, id)
        await db.query(
          `UPDATE gatedesk.report_views SET name = $1, updated_at = $2, updated_by = current_user
           WHERE id = $3`,
          [name, now(), id],
        )
      })
      return get(id)
    },

    async copyScope(from, to) {
      const { rowCount } = await pool
        .query(
          `INSERT INTO gatedesk.report_views
             (id, template_id, name, content, created_at, updated_at, last_used_at)
           SELECT gen_random_uuid()::text, $2, name, content, $3, $3, last_used_at
           FROM gatedesk.report_views WHERE template_id = $1`,
          [from.templateId, to.templateId, now()],
        )
        .catch((error: unknown) => {
          throw isMissingReference(error) ? new TemplateNotFoundError(to.templateId) : error
        })
      return rowCount ?? 0
    },

    async remove(id) {
      const { rowCount } = await pool.query('DELETE FROM gatedesk.report_views WHERE id = $1', [id])
      return (rowCount ?? 0) > 0
    },

    async markUsed(id) {
      const { rowCount } = await pool.query(
        'UPDATE gatedesk.report_views SET last_used_at = $1 WHERE id = $2',
        [now(), id],
      )
      return (rowCount ?? 0) > 0
    },
  }
}
