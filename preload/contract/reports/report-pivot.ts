import { z } from 'zod'
import { REPORT_COLUMNS_MAX } from './report-limits'
import {
  NET_SIGNS_MAX,
  PIVOT_BUCKETS,
  PIVOT_GROUPS_MAX,
  PIVOT_KEYS_MAX,
  PIVOT_MEASURE_KINDS,
  PIVOT_MEASURES_MAX,
} from './pivot-rules'
import { inputText, outputText } from '../platform/text'

export * from './pivot-rules'

const columnIndex = z
  .number()
  .int()
  .min(0)
  .max(REPORT_COLUMNS_MAX - 1)

/** A column to group by; a date or timestamp column may be grouped by day, week or month. */
export const pivotKeySchema = z.object({
  column: columnIndex,
  bucket: z.enum(PIVOT_BUCKETS).optional(),
})
export type PivotKey = z.infer<typeof pivotKeySchema>

/** A figure of a numeric column per group (every group also counts its rows). */
export const pivotMeasureSchema = z.object({
  column: columnIndex,
  kind: z.enum(PIVOT_MEASURE_KINDS),
})
export type PivotMeasure = z.infer<typeof pivotMeasureSchema>

export const netSignSchema = z.union([z.literal(1), z.literal(-1), z.literal(0)])

/**
 * A pivot of the current view (its filters and search apply): its rows grouped by 1 to 3
 * columns, counted, with `measures` per group, and the net Amount per currency when the report
 * has Amount, Currency and Transaction_type.
 */
export const pivotRequestSchema = z.object({
  groupBy: z
    .array(pivotKeySchema)
    .min(1)
    .max(PIVOT_KEYS_MAX)
    .refine((keys) => new Set(keys.map((key) => key.column)).size === keys.length, {
      message: 'a column is grouped by at most once',
    }),
  measures: z.array(pivotMeasureSchema).max(PIVOT_MEASURES_MAX),
  /** The signs the user set by Transaction_type value; a type not listed takes defaultNetSign. */
  netSigns: z.array(z.object({ type: inputText(128), sign: netSignSchema })).max(NET_SIGNS_MAX),
})
export type PivotRequest = z.infer<typeof pivotRequestSchema>

const decimal = outputText(64)

export const pivotGroupSchema = z.object({
  /**
   * One per key, as text: a column's value as in the file, a day or week as YYYY-MM-DD (a week by
   * its Monday), a month as YYYY-MM; null for a date that does not read as one.
   */
  keys: z.array(outputText(1000).nullable()).max(PIVOT_KEYS_MAX),
  count: z.number().int().min(0),
  /**
   * One per measure asked for, in its order: an exact decimal string (an average with
   * AVG_EXTRA_SCALE more fraction digits than its column), null when the group has no number in
   * that column.
   */
  values: z.array(decimal.nullable()).max(PIVOT_MEASURES_MAX),
  /**
   * Σ Amount × sign(Transaction_type), per currency: a net of several currencies means nothing,
   * so a group that Currency does not key lists one per currency in it (one in all when it does).
   * Null when the report lacks Amount (as numbers), Currency or Transaction_type.
   */
  net: z
    .array(z.object({ currency: outputText(64), net: decimal }))
    .max(1000)
    .nullable(),
})
export type PivotGroup = z.infer<typeof pivotGroupSchema>

export const pivotResultSchema = z.object({
  /** In the order of their keys (dates by date, numbers by value, text ignoring case). */
  groups: z.array(pivotGroupSchema).max(PIVOT_GROUPS_MAX),
  /** The view has more groups than PIVOT_GROUPS_MAX: those after the last listed are left out. */
  moreGroups: z.boolean(),
})
export type PivotResult = z.infer<typeof pivotResultSchema>
