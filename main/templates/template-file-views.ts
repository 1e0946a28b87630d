import {
  TEMPLATE_VIEWS_FIELD,
  TEMPLATE_VIEWS_VERSION,
  templateFileViewSchema,
  VIEWS_PER_REPORT_MAX,
  type SavedView,
  type TemplateFileView,
} from '../../preload/contract/reports/saved-views'
import { isRecord } from '../../preload/contract/templates/report-template'

/** The request with its template's views beside it, as a template file holds them. */
export function requestWithViews(request: object, views: readonly SavedView[]): object {
  if (views.length === 0) return request
  return {
    ...request,
    [TEMPLATE_VIEWS_FIELD]: {
      version: TEMPLATE_VIEWS_VERSION,
      views: views.map(({ name, content }) => ({ name, content })),
    },
  }
}

/**
 * A template file's request apart from its views. A file before views has none; a view that
 * does not read (another version, a hand edit) is left out and counted, never fatal.
 */
export function splitViews(value: unknown): {
  request: unknown
  views: TemplateFileView[]
  skipped: number
} {
  if (!isRecord(value) || !(TEMPLATE_VIEWS_FIELD in value)) {
    return { request: value, views: [], skipped: 0 }
  }
  const { [TEMPLATE_VIEWS_FIELD]: field, ...request } = value
  const listed = isRecord(field) && Array.isArray(field['views']) ? field['views'] : []
  const known = isRecord(field) && field['version'] === TEMPLATE_VIEWS_VERSION
  const views = known
    ? listed
        .map((view) => templateFileViewSchema.safeParse(view))
        .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
        .slice(0, VIEWS_PER_REPORT_MAX)
    : []
  return { request, views, skipped: Math.max(0, listed.length - views.length) }
}
