/**
 * What an XLSX export of a report's view writes in the workbook itself (main/reports/xlsx-export.ts):
 * worded in the language of the window or terminal that asked for it. Numbers arrive formatted.
 * And what it says when its worker thread fails (main/reports/xlsx-worker.ts).
 */
export const mainExport = {
  /** The name of one of the sheets a view too long for one sheet is split into (at most 31 characters). */
  'xlsx-sheet': 'Rows {from}–{to}',
  /** The name of the first sheet, which says why the rows are split. */
  'xlsx-note-sheet': 'Note',
  /** The export's worker thread failed; {reason}: its own words (English, from Node or the system). */
  'xlsx-failed':
    'The XLSX file could not be written: {reason}. Nothing was saved; try the export again, or export as CSV.',
  /** {n}: the number of sheets of rows (always 2 or more). */
  'xlsx-note':
    'This view has {rows} rows, more than one Excel sheet holds ({limit} rows below the header), so they are split in order across {n} sheet, each with the header: {names}. | This view has {rows} rows, more than one Excel sheet holds ({limit} rows below the header), so they are split in order across {n} sheets, each with the header: {names}.',
}
