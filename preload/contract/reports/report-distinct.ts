import { z } from 'zod'
import { outputText } from '../platform/text'
import { DISTINCT_VALUE_LENGTH_MAX, DISTINCT_VALUES_MAX } from './report-limits'

/**
 * The distinct values of one column in the current view with that column's own filters left out
 * (the others, and the search, applied), most rows first: what a checklist of values offers.
 */
export const distinctValuesSchema = z.object({
  /**
   * None when the view's first rows alone hold more values than a list does: the column is
   * then not grouped whole (a column of unique ids would take DuckDB tens of seconds).
   */
  values: z
    .array(
      z.object({
        /** As the grid shows it: an empty cell is ''. */
        value: outputText(DISTINCT_VALUE_LENGTH_MAX),
        count: z.number().int().min(1),
      }),
    )
    .max(DISTINCT_VALUES_MAX),
  /**
   * The column has more values than listed, or one longer than a filter takes: a checklist of
   * `values` would not offer them all.
   */
  more: z.boolean(),
})
export type DistinctValues = z.infer<typeof distinctValuesSchema>
