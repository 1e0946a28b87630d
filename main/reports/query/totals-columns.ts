import { isNumeric } from './column-sql'
import type { QuerySource } from './query-messages'

/**
 * A column that names things rather than counts them (Transaction_id, Merchant OID, Serial
 * number): its numbers add up to nothing anyone reads, so totals never sum it.
 */
export function isIdentifierColumn(name: string): boolean {
  const words = name
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  return ['id', 'oid', 'uid', 'uuid', 'serial', 'number', 'no'].includes(words.at(-1) ?? '')
}

/** The columns totals add up: found by header name, so a report without them has none. */
export function totalsColumns(source: Pick<QuerySource, 'header' | 'columnTypes'>) {
  const named = (name: string) => {
    const column = source.header.findIndex((header) => header.trim().toLowerCase() === name)
    return column < 0 ? null : column
  }
  const amount = named('amount')
  const numeric = source.columnTypes.flatMap((type, column) =>
    isNumeric(type) && !isIdentifierColumn(source.header[column] ?? '') ? [column] : [],
  )
  return {
    /** Only when its values are numbers: a text Amount has nothing exact to add. */
    amount: amount !== null && numeric.includes(amount) ? amount : null,
    currency: named('currency'),
    type: named('transaction_type'),
    numeric,
  }
}
