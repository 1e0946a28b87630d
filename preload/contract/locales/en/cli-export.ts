/** What `gatedesk report-export` says (main/cli/report-export-command.ts), and its --help. */
export const cliExport = {
  help: `Writes the view of a CSV report (sorted, filtered, the chosen columns) to a file with the app's
engine: XLSX for a spreadsheet (numbers and dates as such, a frozen header with filters; a view
over 1,048,575 rows goes on several sheets, after a note), CSV or TSV (cells a spreadsheet would
run as formulas get a ' in front). The file appears only once complete; a file already there is
replaced then, and never touched when the export fails or is stopped.

  --format csv{'|'}tsv{'|'}xlsx
                     the file's format; default: told by the name given to --out
  --out F            the file to write
  --sort COL[:desc]  sort by a column, named as in the header or by its number (1 = first);
                     repeat for more columns
  --filter 'COL OP VALUE'
                     keep rows that pass, as in "gatedesk report-view --help"; repeat to narrow
  --columns A,B,…    the columns to write, in this order; default: all, as in the file
  --delimiter D      the report's field delimiter (, ; tab {'|'} …); default: detected. A CSV is
                     written with the report's own delimiter
  --encoding E       the report's charset (UTF-8, windows-1251 …); default: detected. The file is
                     written in UTF-8
  --json             print {'{'}"file", "format", "rows", "bytes"{'}'} as one JSON object (and "sheets" for XLSX)

At a terminal, the rows written so far are shown on standard error.`,
  /** Neither --format nor the name given to --out says which format to write. */
  'format-needed':
    '--format is needed: the name {out} does not end in .csv, .tsv or .xlsx; give --format csv, tsv or xlsx',
  'no-columns':
    '--columns "{spec}" names no column: list them by name or number, e.g. --columns Amount,Currency',
  progress: 'Written {done} of {total} rows ({percent}%)',
  saved:
    'Saved {n} row of the view to {file} ({format}, {size}). | Saved {n} rows of the view to {file} ({format}, {size}).',
  'saved-sheets':
    'The view is longer than one Excel sheet holds: its rows are on {n} sheets, after a note sheet.',
  'cannot-write': '--out {path}: cannot write the file: {reason}. Nothing was written there.',
}
