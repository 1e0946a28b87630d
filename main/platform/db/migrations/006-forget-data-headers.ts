import { isHeaderLine } from '../../privacy/column-name'
import type { Migration } from './migration'

/**
 * Earlier versions remembered the column mapping of a table without its header line by its first
 * row's cells, a card number and a CVV2 among them: those are forgotten (main/platform/privacy/column-name.ts),
 * overwritten rather than only unlinked, as a deleted row's bytes otherwise stay in the file.
 */
export const forgetDataHeaders: Migration = {
  version: 6,
  summary: 'column mappings remembered from a row of data forgotten',
  up(db) {
    const headers = db.prepare(`SELECT header FROM bulk_column_mappings`).pluck().all() as string[]
    const forget = db.prepare(`DELETE FROM bulk_column_mappings WHERE header = ?`)
    db.pragma('secure_delete = ON')
    for (const header of headers) if (!isHeaderLine([header])) forget.run(header)
  },
}
