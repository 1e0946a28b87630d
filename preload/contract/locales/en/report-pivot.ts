/** The pivot of a report view (renderer/src/features/reports/table/Pivot*.vue, `report-view --group-by`). */
export const reportPivot = {
  tab: 'Pivot',
  /** Titles of the native file dialogs the pivot opens. */
  dialogs: { export: 'Export the pivot' },
  /** The pivot's table saved as a file (report-pivot:export). */
  export: {
    button: 'Export pivot…',
    xlsx: 'Excel workbook (XLSX)',
    csv: 'CSV',
    saved: 'Saved {n} group to {file}. | Saved {n} groups to {file}.',
    failed: 'The pivot could not be exported: {reason}',
  },
  gridTab: 'Rows',
  groupBy: 'Group by',
  addKey: 'Add a column',
  removeKey: 'Remove {name}',
  buckets: {
    value: 'Each value',
    day: 'By day',
    week: 'By week (from Monday)',
    month: 'By month',
  },
  /** A bucketed key's heading: "Created_date by day". */
  keyBy: '{column} {bucket}',
  bucketWords: { day: 'by day', week: 'by week', month: 'by month' },
  figures: 'Figures',
  kinds: { count: 'Rows', sum: 'Sum', min: 'Min', max: 'Max', avg: 'Average' },
  /** A figure's column header: "Sum of Amount". */
  figureOf: '{kind} of {column}',
  net: 'Net',
  netOf: 'Net {currency}',
  netSigns: 'Net by transaction type',
  netHint:
    'Net = Amount of the types set to Add minus those set to Subtract, per currency; Ignore leaves a type out.',
  noNet: 'Net needs Amount (numbers), Currency and Transaction_type columns.',
  signs: { add: 'Add', subtract: 'Subtract', ignore: 'Ignore' },
  type: 'Transaction type',
  build: 'Build pivot',
  building: 'Building the pivot…',
  groups: '{n} group | {n} groups',
  moreGroups:
    'Showing the first {n} groups: the view has more. Group by fewer columns or filter the view.',
  noRows: 'The view has no rows to group.',
  noDate: '(not a date)',
  /** A week's key, named by its Monday in the app's date format: "Week of 2 Nov 2026". */
  weekOf: 'Week of {day}',
  emptyValue: '(empty)',
  chart: 'Chart',
  chartOf: '{figure} — {key}',
  failed: 'The pivot could not be built: {reason}',
  cli: {
    'bucket-format': '--bucket "{spec}" must look like COLUMN:day, COLUMN:week or COLUMN:month',
    'bucket-not-grouped': '--bucket {column}: group by it too (add it to --group-by)',
    'measure-format':
      '--measure "{spec}" must look like sum:COLUMN, min:COLUMN, max:COLUMN or avg:COLUMN',
    'group-by-count': '--group-by takes 1 to {max} columns: "{spec}" names {n}',
    'needs-group-by': '--bucket and --measure need --group-by COLUMN[,COLUMN…]',
    count: 'Rows',
    'more-groups':
      'Only the first {n} groups are shown: the view has more (group by fewer columns, or filter it).',
  },
}

/** Why a pivot cannot be built (main/reports/query/pivot-sql.ts), keyed by code under `report.pivot.`. */
export const mainReportPivot = {
  'bucket-not-date':
    '"{column}" holds numbers, not dates: only a column of dates or times is grouped by day, week or month.',
  'measure-not-number':
    '"{column}" holds no numbers: sums, minimums, maximums and averages are of numeric columns only.',
}
