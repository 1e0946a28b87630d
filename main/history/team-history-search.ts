import type pg from 'pg'
import {
  isoInstant,
  likePattern,
  pageBounds,
  TEXT_COLUMNS,
  type HistoryFilter,
} from './history-filter'
import type { HistoryEntry } from './history-types'
import type { HistorySource } from './history-source'
import { TEAM_HISTORY_COLUMNS, teamEntryOf, type TeamHistoryRow } from './team-audit-trail'

/** Rows read at a time for an export. */
const EXPORT_CHUNK = 1000

/**
 * The filter as SQL over gatedesk.history: the same fields as the local history's, a text found
 * in the same columns (ILIKE: case-insensitive, any length; no trigram index yet, so a long trail
 * is read whole for a text).
 */
function teamWhere(filter: HistoryFilter): { conditions: string[]; values: unknown[] } {
  const conditions: string[] = []
  const values: unknown[] = []
  const add = (condition: (placeholder: string) => string, value: string | undefined) => {
    if (value === undefined || value === '') return
    values.push(value)
    conditions.push(condition(`$${values.length}`))
  }
  const text = filter.text?.trim()
  if (text) {
    const anyColumn = (p: string) => TEXT_COLUMNS.map((column) => `${column} ILIKE ${p}`)
    add((p) => `(${anyColumn(p).join(' OR ')})`, likePattern(text))
  }
  add((p) => `profile_id = ${p}`, filter.profileId)
  add((p) => `order_id = ${p}`, filter.orderId)
  add((p) => `operation = ${p}`, filter.operation)
  add((p) => `environment_id = ${p}`, filter.environmentId)
  add((p) => `outcome = ${p}`, filter.outcome)
  add((p) => `sent_at >= ${p}`, filter.from && isoInstant(filter.from, 'from'))
  add((p) => `sent_at < ${p}`, filter.to && isoInstant(filter.to, 'to'))
  return { conditions, values }
}

const whereOf = (conditions: string[]) =>
  conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''

/** The team's audit trail as the History screen reads it: searched, paged, exported. */
export function teamHistorySource(pool: Pick<pg.Pool, 'query'>): HistorySource {
  return {
    async search(query) {
      const { conditions, values } = teamWhere(query)
      const { limit, offset } = pageBounds(query)
      const where = whereOf(conditions)
      const [page, count] = await Promise.all([
        pool.query<TeamHistoryRow>(
          `SELECT ${TEAM_HISTORY_COLUMNS} FROM gatedesk.history ${where}
           ORDER BY sent_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
          values,
        ),
        pool.query<{ total: string }>(
          `SELECT count(*) AS total FROM gatedesk.history ${where}`,
          values,
        ),
      ])
      return { entries: page.rows.map(teamEntryOf), total: Number(count.rows[0]!.total) }
    },

    async *matching(filter): AsyncGenerator<HistoryEntry[]> {
      const { conditions, values } = teamWhere(filter)
      let after: { sentAt: Date; id: string } | null = null
      for (;;) {
        const past: string[] =
          after === null ? [] : [`(sent_at, id) < ($${values.length + 1}, $${values.length + 2})`]
        const { rows }: { rows: TeamHistoryRow[] } = await pool.query<TeamHistoryRow>(
          `SELECT ${TEAM_HISTORY_COLUMNS} FROM gatedesk.history
           ${whereOf([...conditions, ...past])}
           ORDER BY sent_at DESC, id DESC LIMIT ${EXPORT_CHUNK}`,
          after === null ? values : [...values, after.sentAt, after.id],
        )
        if (rows.length === 0) return
        yield rows.map(teamEntryOf)
        const tail: TeamHistoryRow = rows.at(-1)!
        after = { sentAt: tail.sent_at, id: tail.id }
      }
    },
  }
}
