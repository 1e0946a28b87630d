/**
 * What the print view of a report's grid writes on its pages (main/reports/print-document.ts):
 * worded in the language of the window that asked for it. Numbers and dates arrive formatted.
 */
export const mainPrint = {
  printed: 'Printed {when}',
  filters: 'Filters: {filters}',
  search: 'Search: “{text}”',
  'sorted-by': 'Sorted by {keys}',
  ascending: '{name} (A→Z, 0→9)',
  descending: '{name} (Z→A, 9→0)',
  /** {shown}: the rows printed, {total}: the rows of the view; said when the view is longer. */
  'rows-cut': 'Rows 1–{shown} of {total}: the print stops at {shown} rows.',
  /** {n}: the rows of the view, all of them printed. */
  'rows-all': '{total} row | {total} rows',
  totals: 'Totals of the view',
  /** {n}: the rows the totals were counted over (every row of the view, printed or not). */
  'totals-over': 'over all {total} row of the view | over all {total} rows of the view',
  amount: 'Amount by currency',
  net: 'Net',
  'row-count': 'Rows',
  currency: 'Currency',
  sum: 'Sum',
  types: 'Rows by transaction type',
  type: 'Transaction type',
  none: '(none)',
  /** The page footer; {page} and {pages} become the page's number and the count. */
  page: 'Page {page} of {pages}',
}
