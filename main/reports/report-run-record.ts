import type { ReportRequest } from '../../preload/contract/reports/report-request'
import { REPORT_FILTER_NAMES } from '../../preload/contract/reports/report-request'
import { REQUEST_JSON_PARAMETER } from '../../preload/contract/reports/report-run-channels'
import { english } from '../platform/i18n/english'
import type { Parameter } from '../platform/privacy/parameter'

/** History's bounds (preload/contract/history/history-channels.ts): names, values, rows per entry. */
const NAME_MAX = 64
const VALUE_MAX = 65_535
const ROWS_MAX = 100
/** Rows kept for the request's own fields, the template and the whole request. */
const RESERVED_ROWS = 10

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`
const row = (name: string, value: string): Parameter => [cut(name, NAME_MAX), cut(value, VALUE_MAX)]
const itemText = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item))

/**
 * A report request as History keeps it: one readable row per field, input parameter and filter
 * given, then the whole request as JSON (left out only when it is too long for History to keep).
 */
export function historyParameters(
  request: ReportRequest,
  templateName: string | null,
): Parameter[] {
  const rows: Parameter[] = []
  if (templateName !== null) rows.push(row('template', templateName))
  rows.push(
    row('reportIdentifier', request.reportIdentifier),
    row('reportName', request.reportName),
    row('reportFormat', request.reportFormat),
    row('reportEncode', request.reportEncode),
    row('reportCsvDelimiter', request.reportCsvDelimiter),
  )
  const details: Parameter[] = [
    ...request.inputReportParameters.map(({ name, value }) => row(`input ${name}`, value)),
    ...REPORT_FILTER_NAMES.flatMap((name) => {
      const items = request.filters[name] ?? []
      return items.length ? [row(`filters.${name}`, items.map(String).join(', '))] : []
    }),
    ...(['configurationReportParameters', 'outputReportParameters'] as const).flatMap((name) =>
      request[name].length ? [row(name, request[name].map(itemText).join(', '))] : [],
    ),
  ]
  const room = ROWS_MAX - RESERVED_ROWS
  rows.push(...details.slice(0, room))
  if (details.length > room) {
    // Kept as text, like every parameter row: History shows it as it was recorded.
    const more = { n: details.length - room, parameter: REQUEST_JSON_PARAMETER }
    rows.push(row('…', english('history.more-parameters', more)))
  }
  const json = JSON.stringify(request)
  if (json.length <= VALUE_MAX) rows.push([REQUEST_JSON_PARAMETER, json])
  return rows
}
