/**
 * What an XLSX export of a report's view writes in the workbook itself (main/reports/xlsx-export.ts):
 * worded in the language of the window or terminal that asked for it. Numbers arrive formatted.
 */
export const mainExport = {
  /** The name of one of the sheets a view too long for one sheet is split into (at most 31 characters). */
  'xlsx-sheet': 'Rows {from}–{to}',
  /** The name of the first sheet, which says why the rows are split. */
  'xlsx-note-sheet': 'Note',
  /** {n}: the number of sheets of rows (always 2 or more). */
  'xlsx-note':
    'This view has {rows} rows, more than one Excel sheet holds ({limit} rows below the header), so they are split in order across {n} sheet, each with the header: {names}. | This view has {rows} rows, more than one Excel sheet holds ({limit} rows below the header), so they are split in order across {n} sheets, each with the header: {names}.',
}
