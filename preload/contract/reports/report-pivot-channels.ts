import { z } from 'zod'
import { dialogTextFields } from '../platform/dialog-title'
import { channel } from '../platform/define'
import { inputText, outputText } from '../platform/text'
import { reportIdSchema } from './report-channels'
import {
  PIVOT_GROUPS_MAX,
  PIVOT_KEYS_MAX,
  PIVOT_MEASURES_MAX,
  pivotRequestSchema,
  pivotResultSchema,
} from './report-pivot'

/** Currencies a pivot's table shows a net column for, beyond which the export refuses it. */
export const PIVOT_NET_COLUMNS_MAX = 200
/** Keys, the count, the figures and the nets. */
const PIVOT_TABLE_COLUMNS_MAX = PIVOT_KEYS_MAX + 1 + PIVOT_MEASURES_MAX + PIVOT_NET_COLUMNS_MAX
/** An exact decimal as the pivot gives it (a count, a sum, an average, a net), or '' for none. */
const EXACT_NUMBER = /^(?:-?\d+(?:\.\d+)?)?$/

/** Where a column's amounts take their currency's decimals from (cell-format's MoneyOf), or null. */
const moneyOfSchema = z
  .union([
    z.object({ currency: inputText(16) }).strict(),
    z
      .object({
        currencyColumn: z
          .number()
          .int()
          .min(0)
          .max(PIVOT_KEYS_MAX - 1),
      })
      .strict(),
  ])
  .nullable()

/**
 * The pivot's table as the window shows it (renderer's pivot-rows.ts): the header, then a row per
 * group with its keys (`keyCount` of them) and the count, figures and nets as exact decimal text;
 * `money` says per column which currency's decimals its amounts are shown with.
 */
export const pivotTableSchema = z
  .object({
    header: z.array(inputText(300)).min(2).max(PIVOT_TABLE_COLUMNS_MAX),
    keyCount: z.number().int().min(1).max(PIVOT_KEYS_MAX),
    rows: z.array(z.array(inputText(1000)).max(PIVOT_TABLE_COLUMNS_MAX)).max(PIVOT_GROUPS_MAX),
    money: z.array(moneyOfSchema).max(PIVOT_TABLE_COLUMNS_MAX),
  })
  .superRefine(({ header, keyCount, rows, money }, context) => {
    if (keyCount >= header.length)
      context.addIssue({
        code: 'custom',
        path: ['keyCount'],
        message: `the header has ${header.length} columns: at most ${header.length - 1} keys before the count`,
      })
    if (money.length !== header.length)
      context.addIssue({
        code: 'custom',
        path: ['money'],
        message: `has ${money.length} entries, the header ${header.length} columns`,
      })
    money.forEach((of, column) => {
      if (of && 'currencyColumn' in of && of.currencyColumn >= keyCount)
        context.addIssue({
          code: 'custom',
          path: ['money', column, 'currencyColumn'],
          message: `a currency is read from a key column: at most ${keyCount - 1}`,
        })
    })
    rows.forEach((row, at) => {
      if (row.length !== header.length) {
        context.addIssue({
          code: 'custom',
          path: ['rows', at],
          message: `has ${row.length} cells, the header ${header.length}`,
        })
        return
      }
      const wrong = row.findIndex((cell, column) => column >= keyCount && !EXACT_NUMBER.test(cell))
      if (wrong >= 0)
        context.addIssue({
          code: 'custom',
          path: ['rows', at, wrong],
          message: 'a count, figure or net is an exact decimal (digits, one point) or empty',
        })
    })
  })
export type PivotTableExport = z.infer<typeof pivotTableSchema>

/** The pivot of an open report's current view. */
export const reportPivotChannels = {
  'reports:pivot': channel(
    'The current view (its filters and search) grouped by 1 to 3 columns (dates by day, week or month), each group counted, with exact sums, minimums, maximums and averages, and the net Amount per currency by the signs of its transaction types; at most 1000 groups, `moreGroups` when the view has more.',
    z.object({ reportId: reportIdSchema, pivot: pivotRequestSchema }),
    pivotResultSchema,
  ),
  'report-pivot:export': channel(
    "Saves the pivot's table as the window shows it (at most 1000 groups) as XLSX or CSV, where the user picks in a main-side dialog; null when the dialog is cancelled.",
    z.object({
      reportId: reportIdSchema,
      format: z.enum(['xlsx', 'csv']),
      /** The window's language, for the words an XLSX holds. */
      language: z.enum(['en', 'ru']).default('en'),
      table: pivotTableSchema,
      ...dialogTextFields,
    }),
    z.object({ file: outputText(4096).nullable(), rows: z.number().int().min(0) }),
  ),
} as const
