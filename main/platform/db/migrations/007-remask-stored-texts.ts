import type { Database } from 'better-sqlite3'
import { redactText } from '../../privacy/redaction'
import type { Migration } from './migration'

// What earlier versions stored about requests as they masked it: a card number echoed grouped by
// commas or double spaces was kept in full, and an SSN whose first group was also the CVV2 sent
// kept its middle group (***-45-6789: the CVV2's mask hid the SSN from its pattern).
const SSN_MIDDLE_LEFT = /\*{3}-\d{2}-(\d{4})(?!\d)/g

const remasked = (text: string) => redactText(text).replace(SSN_MIDDLE_LEFT, '***-**-$1')

/** Every string inside a JSON value masked as `remasked` does. */
const remaskedJson = (json: string) =>
  JSON.stringify(
    JSON.parse(json, (_, value: unknown) => (typeof value === 'string' ? remasked(value) : value)),
  )

/** Rewrites the text and JSON columns of `table` whose content masking changes. */
function remaskTable(
  db: Database,
  table: string,
  keys: string[],
  texts: string[],
  jsons: string[],
): void {
  const columns = [...texts, ...jsons]
  const rows = db
    .prepare(`SELECT ${[...keys, ...columns].join(', ')} FROM ${table}`)
    .all() as Record<string, string | number | null>[]
  const update = db.prepare(
    `UPDATE ${table} SET ${columns.map((column) => `${column} = @${column}`).join(', ')}
     WHERE ${keys.map((key) => `${key} = @${key}`).join(' AND ')}`,
  )
  for (const row of rows) {
    const next = { ...row }
    for (const column of columns) {
      const value = row[column]
      if (typeof value !== 'string') continue
      next[column] = jsons.includes(column) ? remaskedJson(value) : remasked(value)
    }
    if (columns.some((column) => next[column] !== row[column])) update.run(next)
  }
}

/**
 * Masks again, as GateDesk masks now, what earlier versions stored unmasked in the history and
 * the bulk journal, overwriting the old bytes (secure_delete) rather than leaving them in the file.
 */
export const remaskStoredTexts: Migration = {
  version: 7,
  summary: 'card numbers and SSN groups earlier versions left in stored texts masked',
  up(db) {
    db.pragma('secure_delete = ON')
    remaskTable(
      db,
      'request_history',
      ['id'],
      ['error_message', 'message'],
      ['parameters', 'message_params'],
    )
    remaskTable(db, 'bulk_rows', ['job_id', 'row_number'], ['message'], ['message_params'])
  },
}
