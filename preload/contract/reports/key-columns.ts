/**
 * The columns a transactions report is read by, in the order people look for them: the
 * spec's names (Transaction_id, Created_date, …), matched ignoring case, spaces and underscores.
 */
const KEY_COLUMNS = [
  'transactionid',
  'createddate',
  'transactiontype',
  'status',
  'amount',
  'currency',
] as const
type KeyColumn = (typeof KEY_COLUMNS)[number]

const normalized = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '')

/** Where the report has each key column, by index in the file. */
export function keyColumnsOf(columns: readonly string[]): Partial<Record<KeyColumn, number>> {
  const found: Partial<Record<KeyColumn, number>> = {}
  columns.forEach((name, index) => {
    const key = normalized(name) as KeyColumn
    if (KEY_COLUMNS.includes(key) && found[key] === undefined) found[key] = index
  })
  return found
}

/** Every column's index: the key columns first, in the order above, then the rest as in the file. */
export function keyColumnsFirst(columns: readonly string[]): number[] {
  const keys = keyColumnsOf(columns)
  const first = KEY_COLUMNS.flatMap((key) => (keys[key] === undefined ? [] : [keys[key]]))
  return [...first, ...columns.map((_, index) => index).filter((index) => !first.includes(index))]
}

/** The column that identifies a row (pinned when the report opens), or undefined. */
export const idColumnOf = (columns: readonly string[]) => keyColumnsOf(columns).transactionid

/** Identifiers are numbers without thousands separators: "5000001", never "5,000,001". */
export const isIdentifier = (name: string) =>
  /(^|[\s_-])(id|oid)$/i.test(name.trim()) || /[a-z](Id|ID|OID)$/.test(name.trim())
