import type { BulkSource } from './bulk-source'

/** What of an import session (import-session.ts) its decimal commas are read from and fixed in. */
interface ImportSession {
  source: BulkSource
  mapping: readonly (string | null)[]
  fixes: Map<number, Record<string, string>>
  excluded: ReadonlySet<number>
}

/** The money parameters a Russian spreadsheet writes with a decimal comma ("12,50"). */
const MONEY_PARAMETERS = new Set(['amount', 'amount-from', 'amount-to'])

/** An amount with a decimal comma and no other separator: "12,50", "1200,5". */
const DECIMAL_COMMA = /^\s*\d+,\d+\s*$/

/** A column whose amounts are written with a decimal comma, and how many of its cells are. */
export interface DecimalCommaColumn {
  column: number
  parameter: string
  count: number
}

/** A row's value of a column as it will be read: its fix, else its cell. */
const valueOf = (session: ImportSession, rowNumber: number, column: number, parameter: string) =>
  session.fixes.get(rowNumber)?.[parameter] ?? session.source.rows[rowNumber - 1]?.[column] ?? ''

/** The rows (not excluded) of a money column whose value has a decimal comma. */
function rowsWithDecimalCommas(session: ImportSession, column: number, parameter: string) {
  const rows: number[] = []
  for (let row = 1; row <= session.source.rows.length; row++) {
    if (session.excluded.has(row)) continue
    if (DECIMAL_COMMA.test(valueOf(session, row, column, parameter))) rows.push(row)
  }
  return rows
}

/** The money columns of an import that have amounts with a decimal comma: one offer each. */
export function decimalCommaColumns(session: ImportSession): DecimalCommaColumn[] {
  return session.mapping.flatMap((parameter, column) => {
    if (parameter === null || !MONEY_PARAMETERS.has(parameter)) return []
    const count = rowsWithDecimalCommas(session, column, parameter).length
    return count > 0 ? [{ column, parameter, count }] : []
  })
}

/**
 * Writes every decimal comma of a money column as a point, as fixes made in place (the file is
 * left as it is); returns the rows changed.
 */
export function convertDecimalCommas(session: ImportSession, column: number): number[] {
  const parameter = session.mapping[column]
  if (parameter === null || parameter === undefined || !MONEY_PARAMETERS.has(parameter)) return []
  const rows = rowsWithDecimalCommas(session, column, parameter)
  for (const row of rows) {
    const value = valueOf(session, row, column, parameter).trim().replace(',', '.')
    session.fixes.set(row, { ...session.fixes.get(row), [parameter]: value })
  }
  return rows
}
