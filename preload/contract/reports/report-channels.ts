import { z } from 'zod'
import { channel } from '../platform/define'
import { dialogTextFields } from '../platform/dialog-title'
import {
  columnTypeSchema,
  REPORT_COLUMNS_MAX,
  REPORT_PROBLEMS_MAX,
  REPORT_WINDOW_ROWS_MAX,
  reportProblemSchema,
  reportTotalsSchema,
  viewQuerySchema,
} from './report-view'
import { inputText, outputText } from '../platform/text'
import { distinctValuesSchema } from './report-distinct'

/** The longest field the window is sent; longer ones are cut, with an ellipsis. */
export const REPORT_CELL_MAX = 10_000
/** The most rows one copy to the clipboard takes. */
export const REPORT_COPY_ROWS_MAX = 100_000
/** Rows are addressed by index in a view of at most this many (a 32-bit row id). */
const ROW_INDEX_MAX = 0xffff_ffff

export const reportIdSchema = inputText(64).regex(/^report-[0-9a-f-]+$/, 'not a report id')

const cell = outputText(REPORT_CELL_MAX + 1)
const columnList = z
  .array(
    z
      .number()
      .int()
      .min(0)
      .max(REPORT_COLUMNS_MAX - 1),
  )
  .max(REPORT_COLUMNS_MAX)
const rowIndex = z.number().int().min(0).max(ROW_INDEX_MAX)

export const reportHeadSchema = z.object({
  reportId: outputText(64),
  fileName: outputText(255),
  encoding: outputText(40),
  delimiter: outputText(1),
  columns: z.array(outputText(1000)).max(REPORT_COLUMNS_MAX),
  columnTypes: z.array(columnTypeSchema).max(REPORT_COLUMNS_MAX),
  /** The first rows, read before the whole file is indexed. */
  rows: z.array(z.array(cell).max(REPORT_COLUMNS_MAX)).max(REPORT_WINDOW_ROWS_MAX),
  /** Follow indexing by this job's progress events. */
  indexJobId: outputText(64),
})
export type ReportHeadView = z.infer<typeof reportHeadSchema>

export const reportStateSchema = z.object({
  /** Rows of the current view (sorted, filtered); while indexing, the rows read so far. */
  rowCount: z.number().int().min(0),
  /** Data rows of the whole file; null while it is being indexed. */
  fileRowCount: z.number().int().min(0).nullable(),
  columnTypes: z.array(columnTypeSchema).max(REPORT_COLUMNS_MAX),
  problems: z.array(reportProblemSchema).max(REPORT_PROBLEMS_MAX),
  problemCount: z.number().int().min(0),
  query: viewQuerySchema,
})
export type ReportStateView = z.infer<typeof reportStateSchema>

const rowsRange = z
  .object({ reportId: reportIdSchema, from: rowIndex, to: rowIndex })
  .refine(({ from, to }) => to >= from, { message: 'to must not be before from', path: ['to'] })

export const openedCsv = z.object({ kind: z.literal('csv'), head: reportHeadSchema })
export const openedPdf = z.object({
  kind: z.literal('pdf'),
  fileId: outputText(64),
  fileName: outputText(255),
})

/** The longest path the preload passes on for a dropped file (Windows' long paths included). */
export const DROPPED_PATH_MAX = 32_767

export const reportChannels = {
  'reports:open-file': channel(
    'Asks for a report file in a main-side dialog and opens it: a CSV in the engine (its header and first rows at once, indexing in a job), a PDF registered for the viewer by file id.',
    z.object(dialogTextFields),
    z.discriminatedUnion('kind', [
      openedCsv,
      openedPdf,
      z.object({ kind: z.literal('cancelled') }),
    ]),
  ),
  'reports:open-dropped': channel(
    "Preload only (the page cannot invoke it): opens a file dropped on the window by the path Electron gives the preload for that File (webUtils.getPathForFile), as 'reports:open-file' opens the dialog's choice; a CSV or a PDF, anything else refused with why.",
    z.object({ path: inputText(DROPPED_PATH_MAX).min(1) }),
    z.discriminatedUnion('kind', [openedCsv, openedPdf]),
  ),
  'reports:state': channel(
    'The row count, column types, problems and query of an open report.',
    z.object({ reportId: reportIdSchema }),
    reportStateSchema,
  ),
  'reports:rows': channel(
    'Rows [from, to) of the current view: one round trip per visible window, never per row.',
    rowsRange.refine(({ from, to }) => to - from <= REPORT_WINDOW_ROWS_MAX, {
      message: `at most ${REPORT_WINDOW_ROWS_MAX} rows at a time`,
      path: ['to'],
    }),
    z.object({
      /** Each row's id: its place in the file, 0 for the first row after the header. */
      rowIds: z.array(rowIndex).max(REPORT_WINDOW_ROWS_MAX),
      rows: z.array(z.array(cell).max(REPORT_COLUMNS_MAX)).max(REPORT_WINDOW_ROWS_MAX),
    }),
  ),
  'reports:query': channel(
    'Sorts and filters the view (a newer query supersedes one still running).',
    z.object({ reportId: reportIdSchema, query: viewQuerySchema }),
    reportStateSchema,
  ),
  'reports:totals': channel(
    'The exact totals of the current view: Amount per Currency, rows per Transaction_type, every numeric column.',
    z.object({ reportId: reportIdSchema }),
    reportTotalsSchema,
  ),
  'reports:distinct-values': channel(
    "A column's distinct values with their row counts in the current view (its own filters left out, the others and the search applied), most rows first, at most 1,000, with a flag when there are more.",
    z.object({ reportId: reportIdSchema, column: columnList.element }),
    distinctValuesSchema,
  ),
  'reports:copy': channel(
    'Rows [from, to) of the view (chosen columns) as tab-separated text for the clipboard.',
    rowsRange
      .and(z.object({ columns: columnList.nullable(), withHeader: z.boolean() }))
      .refine(({ from, to }) => to - from <= REPORT_COPY_ROWS_MAX, {
        message: `at most ${REPORT_COPY_ROWS_MAX} rows at a time`,
        path: ['to'],
      }),
    z.object({ text: outputText(256 * 1024 * 1024) }),
  ),
  'reports:export': channel(
    'Saves the original file, or the current view (chosen columns) as XLSX, CSV or TSV, where the user picks in a main-side dialog; a job.',
    z.object({
      reportId: reportIdSchema,
      what: z.enum(['original', 'view']),
      columns: columnList.nullable(),
      /** The view's format; the original is copied as it is. */
      format: z.enum(['xlsx', 'csv', 'tsv']).default('csv'),
      /** The window's language, for the words an XLSX holds (sheet names, the note on a split). */
      language: z.enum(['en', 'ru']).default('en'),
      /** The view without the ' that keeps spreadsheets from running cells as formulas. */
      exactBytes: z.boolean().default(false),
      ...dialogTextFields,
    }),
    z.object({ jobId: outputText(64).nullable(), file: outputText(4096).nullable() }),
  ),
  'reports:close': channel(
    'Closes a report: stops its jobs and frees its file.',
    z.object({ reportId: reportIdSchema }),
    z.object({}),
  ),
  'reports:forget-file': channel(
    'Forgets a PDF file id once its result is closed: app://gatedesk/report-files/<id> serves it no more.',
    z.object({ fileId: inputText(64).regex(/^[0-9a-f-]+$/, 'not a file id') }),
    z.object({}),
  ),
} as const
