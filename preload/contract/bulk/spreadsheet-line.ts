/**
 * The line a bulk row is on, as a spreadsheet numbers it: the header is line 1, so the journal's
 * row n (its n-th update) is line n + 1. Every place that names a row to people uses this.
 */
export const spreadsheetLine = (rowNumber: number) => rowNumber + 1

/** The journal's row number of a spreadsheet line. */
export const rowNumberOfLine = (line: number) => line - 1
