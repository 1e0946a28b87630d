import type { RequestOutcome } from '../../preload/contract/platform/request-outcomes'

export type HistoryOperation = 'update-recurring-payment' | 'custom-report'

/** Which entries: every field given narrows them; none given, all of them. */
export interface HistoryFilter {
  /** Any part of an order ID, profile, serial number, error code, or message (incident IDs too). */
  text?: string
  /** Exact. */
  profileId?: string
  /** Exact. */
  orderId?: string
  operation?: HistoryOperation
  environmentId?: string
  outcome?: RequestOutcome
  /** ISO 8601: entries sent at or after it. */
  from?: string
  /** ISO 8601: entries sent before it. */
  to?: string
}

/** Dates are compared as stored: ISO 8601 in UTC sorts as it reads. */
export function isoInstant(value: string, field: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(
      `History search: "${field}" is not a date (${value.slice(0, 40)}); use e.g. 2026-11-30T00:00:00Z`,
    )
  }
  return date.toISOString()
}

/** The trigram index finds parts of three characters or more; shorter ones are read row by row. */
const TRIGRAM = 3

/** As request_history_text indexes them (migration 10); the team's trail has the same. */
export const TEXT_COLUMNS = ['order_id', 'profile_id', 'serial_number', 'error_code', 'message']

/** One FTS5 phrase: the text as typed, its quotes doubled, so no character is query syntax. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`

/** Any part of `text`, as LIKE takes it (its wildcards and the escape escaped). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function textCondition(text: string): { condition: string; value: string } {
  if ([...text].length >= TRIGRAM) {
    return {
      condition: `id IN (SELECT rowid FROM request_history_text WHERE request_history_text MATCH @text)`,
      value: phrase(text),
    }
  }
  return {
    condition: `(${TEXT_COLUMNS.map((column) => `${column} LIKE @text ESCAPE '\\'`).join(' OR ')})`,
    value: likePattern(text),
  }
}

/** The filter as SQL over request_history: a WHERE clause (or '') and its named values. */
export function historyWhere(filter: HistoryFilter): {
  where: string
  values: Record<string, string>
} {
  const conditions: string[] = []
  const values: Record<string, string> = {}
  const add = (condition: string, name: string, value: string | undefined) => {
    if (value === undefined || value === '') return
    conditions.push(condition)
    values[name] = value
  }
  const text = filter.text?.trim()
  if (text) {
    const { condition, value } = textCondition(text)
    add(condition, 'text', value)
  }
  add('profile_id = @profileId', 'profileId', filter.profileId)
  add('order_id = @orderId', 'orderId', filter.orderId)
  add('operation = @operation', 'operation', filter.operation)
  add('environment_id = @environmentId', 'environmentId', filter.environmentId)
  add('outcome = @outcome', 'outcome', filter.outcome)
  add('sent_at >= @from', 'from', filter.from && isoInstant(filter.from, 'from'))
  add('sent_at < @to', 'to', filter.to && isoInstant(filter.to, 'to'))
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values }
}

/** A page's bounds as every history search takes them: 50 rows unless asked, at most 500. */
export function pageBounds(query: { limit?: number; offset?: number }) {
  return {
    limit: Math.min(Math.max(Math.trunc(query.limit ?? 50), 1), 500),
    offset: Math.max(Math.trunc(query.offset ?? 0), 0),
  }
}
