import { z } from 'zod'
import { FILTER_VALUES_MAX, REPORT_COLUMNS_MAX } from './report-limits'
import { inputText, outputText } from '../platform/text'

export {
  FILTER_VALUES_MAX,
  REPORT_COLUMNS_MAX,
  REPORT_PROBLEMS_MAX,
  REPORT_WINDOW_ROWS_MAX,
} from './report-limits'

/** A column's type, detected from its values (never from its name). */
export const columnTypeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('integer') }),
  /** A decimal with at most `scale` fraction digits; summed exactly, never as a float. */
  z.object({ kind: z.literal('decimal'), scale: z.number().int().min(0).max(18) }),
  /** `YYYY-MM-DD HH:MM:SS`. */
  z.object({ kind: z.literal('timestamp') }),
  /** `DD.MM.YYYY`, the gateway's date format. */
  z.object({ kind: z.literal('date') }),
  z.object({ kind: z.literal('text') }),
])
export type ColumnType = z.infer<typeof columnTypeSchema>

const columnIndex = z
  .number()
  .int()
  .min(0)
  .max(REPORT_COLUMNS_MAX - 1)

export const sortKeySchema = z.object({ column: columnIndex, descending: z.boolean() })
export type SortKey = z.infer<typeof sortKeySchema>

export const columnFilterSchema = z.discriminatedUnion('kind', [
  /** Numbers, dates and times by value (10.5 finds 10.500), else the text as the grid shows it. */
  z.object({ kind: z.literal('equals'), column: columnIndex, value: inputText(1000) }),
  /** Every row but those `equals` keeps (an empty cell included). */
  z.object({ kind: z.literal('notEquals'), column: columnIndex, value: inputText(1000) }),
  /** Any of the values, each matched as `equals` matches it. */
  z.object({
    kind: z.literal('oneOf'),
    column: columnIndex,
    values: z.array(inputText(1000)).min(1).max(FILTER_VALUES_MAX),
  }),
  /** Case-insensitive substring. */
  z.object({ kind: z.literal('contains'), column: columnIndex, value: inputText(1000) }),
  /**
   * Inclusive bounds, compared by the column's type: numbers as exact decimals, dates as
   * DD.MM.YYYY, timestamps as YYYY-MM-DD[ HH:MM[:SS]] or DD.MM.YYYY[ HH:MM[:SS]] (a date alone as
   * `max` keeps that whole day).
   */
  z.object({
    kind: z.literal('range'),
    column: columnIndex,
    min: inputText(100).optional(),
    max: inputText(100).optional(),
    /** The bound itself is out (`>` rather than `>=`): a day alone as `min`, that whole day. */
    minExclusive: z.boolean().optional(),
    /** The bound itself is out (`<` rather than `<=`): a day alone as `max`, that whole day. */
    maxExclusive: z.boolean().optional(),
  }),
])
export type ColumnFilter = z.infer<typeof columnFilterSchema>

/** What the user sees of a report: sorted by `sort`, keeping rows that pass every filter. */
export const viewQuerySchema = z.object({
  sort: z.array(sortKeySchema).max(16),
  filters: z.array(columnFilterSchema).max(64),
  /** Quick search: a case-insensitive substring of any column. */
  search: inputText(1000).optional(),
})
export type ViewQuery = z.infer<typeof viewQuerySchema>

/** Exact totals of a view: decimal sums as strings (never floats). */
export const reportTotalsSchema = z.object({
  rowCount: z.number().int().min(0),
  /**
   * Sum and count of the Amount column per Currency, when the report has both; with
   * Transaction_type, `net` too: Σ Amount × the type's default sign (pivot-rules.ts: refunds,
   * chargebacks, reversals and payouts subtract, authorisations and voids are left out).
   */
  amountByCurrency: z
    .array(
      z.object({
        currency: outputText(64),
        sum: outputText(64),
        count: z.number().int(),
        net: outputText(64).optional(),
      }),
    )
    .max(1000)
    .nullable(),
  /** Rows per Transaction_type, when the report has it. */
  countByType: z
    .array(z.object({ type: outputText(128), count: z.number().int() }))
    .max(1000)
    .nullable(),
  /** The sum of every integer or decimal column. */
  columnSums: z
    .array(z.object({ column: columnIndex, sum: outputText(64) }))
    .max(REPORT_COLUMNS_MAX),
})
export type ReportTotals = z.infer<typeof reportTotalsSchema>

/** A row that does not read cleanly: kept and shown, and listed here by its line in the file. */
export const reportProblemSchema = z.object({
  /** 1-based line of the file where the row starts. */
  line: z.number().int().min(1),
  /** The row's id (its place among the file's data rows, from 0); none for the header. */
  row: z.number().int().min(0).optional(),
  message: outputText(500),
})
export type ReportProblem = z.infer<typeof reportProblemSchema>
