import { z } from 'zod'
import { channel } from '../platform/define'
import { explainedFields } from '../platform/explained'
import { inputText, outputText } from '../platform/text'
import { REPORT_COLUMNS_MAX } from './report-limits'
import { pivotRequestSchema } from './report-pivot'
import { templateIdSchema } from './report-run-channels'
import { viewQuerySchema } from './report-view'

export const VIEW_NAME_MAX = 80
/** Views kept per template or per header: more than anyone names by hand. */
export const VIEWS_PER_REPORT_MAX = 200

const columnIndex = z
  .number()
  .int()
  .min(0)
  .max(REPORT_COLUMNS_MAX - 1)
const columnName = inputText(1000)

/** How the columns are arranged, by their index in the file (as the grid's ColumnLayout). */
export const viewColumnsSchema = z.object({
  order: z.array(columnIndex).max(REPORT_COLUMNS_MAX),
  widths: z.array(z.number().finite().min(0).max(10_000)).max(REPORT_COLUMNS_MAX),
  pinned: z.array(columnIndex).max(REPORT_COLUMNS_MAX),
  hidden: z.array(columnIndex).max(REPORT_COLUMNS_MAX),
})

/** Every column index of the view is one of its header's, and the order lists each once. */
function fitsHeader(view: {
  header: string[]
  columns: z.infer<typeof viewColumnsSchema>
  query: z.infer<typeof viewQuerySchema>
  pivot?: z.infer<typeof pivotRequestSchema> | undefined
}): boolean {
  const count = view.header.length
  const { order, widths, pinned, hidden } = view.columns
  const used = [
    ...order,
    ...pinned,
    ...hidden,
    ...view.query.sort.map((key) => key.column),
    ...view.query.filters.map((filter) => filter.column),
    ...(view.pivot?.groupBy.map((key) => key.column) ?? []),
    ...(view.pivot?.measures.map((measure) => measure.column) ?? []),
  ]
  return (
    order.length === count &&
    new Set(order).size === count &&
    widths.length === count &&
    hidden.length < count &&
    used.every((column) => column < count)
  )
}

/**
 * What a saved view brings back: the columns' arrangement, sort, filters and search, and the
 * pivot when one was built. `header` is the report's column names when it was saved: a view
 * applies only to a report with exactly that header, as its column indices mean those columns.
 */
export const savedViewContentSchema = z
  .object({
    header: z.array(columnName).min(1).max(REPORT_COLUMNS_MAX),
    columns: viewColumnsSchema,
    query: viewQuerySchema,
    pivot: pivotRequestSchema.optional(),
  })
  .refine(fitsHeader, {
    message: 'the columns, sort, filters or pivot name a column the header lacks',
  })
export type SavedViewContent = z.infer<typeof savedViewContentSchema>

/** Whose views: a template's (whatever file its runs bring), or an opened file's, by header. */
export const viewScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('template'), templateId: templateIdSchema }),
  z.object({
    kind: z.literal('header'),
    header: z.array(columnName).min(1).max(REPORT_COLUMNS_MAX),
  }),
])
export type ViewScope = z.infer<typeof viewScopeSchema>

export const viewIdSchema = inputText(36).regex(/^[0-9a-f-]{36}$/, 'not a view id')

export const savedViewSchema = z.object({
  id: outputText(36),
  name: outputText(VIEW_NAME_MAX * 2),
  content: savedViewContentSchema,
  updatedAt: outputText(40),
  /** When it was last applied or saved; null when never. */
  lastUsedAt: outputText(40).nullable(),
})
export type SavedView = z.infer<typeof savedViewSchema>

const viewName = inputText(VIEW_NAME_MAX * 2)

const savedOrRefused = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), view: savedViewSchema }),
  /** The name is empty, too long or taken in this scope: `message` says which and what to do. */
  z.object({ status: z.literal('refused'), message: outputText(500), ...explainedFields }),
])
export type ViewSaved = z.infer<typeof savedOrRefused>

const byId = z.object({ id: viewIdSchema })

/** Named views of a report kept in SQLite: per template, or per header for opened files. */
export const savedViewChannels = {
  'report-views:list': channel(
    'The views saved for a template or a header, by name, and the one last used (restored when that report opens again).',
    z.object({ scope: viewScopeSchema }),
    z.object({
      views: z.array(savedViewSchema).max(VIEWS_PER_REPORT_MAX),
      lastUsedId: outputText(36).nullable(),
    }),
  ),
  'report-views:save': channel(
    'Saves the current view under a new name (a name taken in this scope is refused), or replaces the content of view `id`; it becomes the last used.',
    z.object({
      scope: viewScopeSchema,
      id: viewIdSchema.nullable(),
      name: viewName,
      content: savedViewContentSchema,
    }),
    savedOrRefused,
  ),
  'report-views:rename': channel(
    'Renames a view; a name another view of the same scope has is refused.',
    z.object({ id: viewIdSchema, name: viewName }),
    savedOrRefused,
  ),
  'report-views:delete': channel(
    'Deletes a view for good (the window asks first).',
    byId,
    z.object({ deleted: z.boolean() }),
  ),
  'report-views:mark-used': channel(
    'Notes that a view was applied: it is the one restored when the same report opens again.',
    byId,
    z.object({ marked: z.boolean() }),
  ),
} as const

/**
 * A template file's views: a field beside the report request of spec §2.1, so the file stays
 * that request for anything else that reads it. Files before views (no such field) or of a
 * version this GateDesk does not know import with no views.
 */
export const TEMPLATE_VIEWS_FIELD = 'gatedeskViews'
export const TEMPLATE_VIEWS_VERSION = 2
export const templateFileViewSchema = z.object({
  name: inputText(VIEW_NAME_MAX),
  content: savedViewContentSchema,
})
export type TemplateFileView = z.infer<typeof templateFileViewSchema>
