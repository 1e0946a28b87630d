import { isHeaderLine } from '../platform/privacy/column-name'
import type { Db } from '../platform/db/database'

/** Column mappings remembered by header, so the next file with the same headers maps itself. */
export function createBulkMappings(db: Db, now: () => Date = () => new Date()) {
  const upsert = db.prepare(
    `INSERT INTO bulk_column_mappings (header, parameter, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (header) DO UPDATE SET parameter = excluded.parameter, updated_at = excluded.updated_at`,
  )
  return {
    /** Lower-case header → parameter (null: the column was left out on purpose). */
    saved(): Map<string, string | null> {
      const rows = db.prepare(`SELECT header, parameter FROM bulk_column_mappings`).all() as {
        header: string
        parameter: string | null
      }[]
      return new Map(rows.map((row) => [row.header.toLowerCase(), row.parameter]))
    },
    /** Remembers the mapping of each header of a header line (never of a row of data's cells). */
    save(headers: readonly string[], mapping: readonly (string | null)[]): void {
      if (!isHeaderLine(headers)) return
      const at = now().toISOString()
      db.transaction(() => {
        headers.forEach((header, index) => {
          if (header.trim() !== '')
            upsert.run(header.trim().toLowerCase(), mapping[index] ?? null, at)
        })
      })()
    },
  }
}

export type BulkMappings = ReturnType<typeof createBulkMappings>
