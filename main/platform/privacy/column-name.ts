import { redactText } from './redaction'

/** A cell that names a column: it has a letter and holds no card number. */
const isColumnName = (cell: string) => /\p{L}/u.test(cell) && redactText(cell) === cell

/**
 * Whether a table's first line names its columns: every cell not empty is a name. A table pasted
 * or saved without its header line has a row of data there (a card number, a CVV2, an amount,
 * a cardholder's name): such a line is never remembered nor printed.
 */
export const isHeaderLine = (headers: readonly string[]): boolean =>
  headers.every((cell) => cell.trim() === '' || isColumnName(cell))
