import { isNumeric } from './column-sql'
import type { QuerySource } from './query-messages'

/** The columns totals add up: found by header name, so a report without them has none. */
export function totalsColumns(source: Pick<QuerySource, 'header' | 'columnTypes'>) {
  const named = (name: string) => {
    const column = source.header.findIndex((header) => header.trim().toLowerCase() === name)
    return column < 0 ? null : column
  }
  const amount = named('amount')
  const numeric = source.columnTypes.flatMap((type, column) => (isNumeric(type) ? [column] : []))
  return {
    /** Only when its values are numbers: a text Amount has nothing exact to add. */
    amount: amount !== null && numeric.includes(amount) ? amount : null,
    currency: named('currency'),
    type: named('transaction_type'),
    numeric,
  }
}
