import {
  cellWriter,
  currencyDigits,
  formatDecimal,
} from '../../preload/contract/reports/cell-format'
import { explainWith } from '../../preload/contract/locales/explain'
import { numberFormat } from '../../preload/contract/locales/unit-wording'
import type {
  ColumnType,
  ReportTotals,
  ViewQuery,
} from '../../preload/contract/reports/report-view'
import { catalogWording, type CatalogLanguage } from '../platform/i18n/catalog-wording'
import { coded } from '../platform/i18n/english'
import { dateWriters, printedAt } from './print-dates'

/** What the print of a view shows: its rows (the first of them), the words about it, its totals. */
export interface PrintedView {
  /** The report's name: its file's, or its template's. */
  title: string
  printedAt: Date
  /** The words on the pages, and the digits of numbers, as the grid writes them. */
  language: CatalogLanguage
  /** How dates are written: the window's regional variant of its language (en-GB). */
  dateLocale: string
  header: readonly string[]
  columnTypes: readonly ColumnType[]
  /** The columns printed, in the grid's order. */
  columns: readonly number[]
  /** The first rows of the view, whole (every column of the file). */
  rows: readonly (readonly string[])[]
  /** Rows of the whole view: more than `rows` when the print stops at its limit. */
  viewRows: number
  query: ViewQuery
  /** The view's filters in words, as the window's chips say them. */
  filters: readonly string[]
  totals: ReportTotals | null
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
/** Text as HTML shows it: never markup, whatever a report's cell holds. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

/** A page with no scripts, no requests: styles of its own only. */
const PRINT_CSP = "default-src 'none'; style-src 'unsafe-inline'"

/** Small type, a header repeated on every page (thead), rows never split across two pages. */
const PRINT_CSS = `
* { box-sizing: border-box; }
body { margin: 0; font: 8.5pt/1.3 "Noto Sans", "DejaVu Sans", Arial, sans-serif; color: #000; }
h1 { font-size: 13pt; margin: 0 0 2pt; }
.about { margin: 0 0 6pt; color: #333; }
.about p { margin: 0; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { border: 0.5pt solid #999; padding: 1.5pt 3pt; text-align: left; vertical-align: top;
  overflow-wrap: anywhere; }
th { background: #e8e8e8; font-weight: 600; }
.number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.note { margin: 6pt 0 0; font-weight: 600; }
.totals { margin-top: 10pt; break-inside: avoid; }
.totals h2 { font-size: 10pt; margin: 0 0 4pt; }
.totals table { width: auto; margin-bottom: 6pt; }
`

type Say = (code: Parameters<typeof coded>[0], params?: Parameters<typeof coded>[1]) => string

/** The view's search and sort in words; its filters as the window words them. */
function aboutLines(view: PrintedView, say: Say): string[] {
  const { query, header } = view
  const lines: string[] = []
  if (view.filters.length)
    lines.push(say('report-print.filters', { filters: view.filters.join('; ') }))
  if (query.search) lines.push(say('report-print.search', { text: query.search }))
  if (query.sort.length) {
    const keys = query.sort.map(({ column, descending }) =>
      say(descending ? 'report-print.descending' : 'report-print.ascending', {
        name: header[column] ?? '',
      }),
    )
    lines.push(say('report-print.sorted-by', { keys: keys.join(', ') }))
  }
  return lines
}

const decimalsOf = (decimal: string) => /\.(\d+)$/.exec(decimal)?.[1]?.length ?? 0

/** The view's totals as the totals panel shows them: gross and net per currency, rows per type. */
function totalsSection(view: PrintedView, say: Say): string {
  const { totals, language } = view
  const amounts = totals?.amountByCurrency ?? []
  const types = totals?.countByType ?? []
  if (!totals || (!amounts.length && !types.length)) return ''
  const count = (n: number) => numberFormat(language, 0).format(n)
  const amount = (sum: string, currency: string) =>
    formatDecimal(sum, currencyDigits(currency) ?? decimalsOf(sum), language)
  const cell = (text: string, number = false) =>
    `<td${number ? ' class="number"' : ''}>${escapeHtml(text)}</td>`
  const head = (...names: string[]) =>
    `<thead><tr>${names.map((name) => `<th>${escapeHtml(name)}</th>`).join('')}</tr></thead>`
  const withNet = amounts.some((item) => item.net !== undefined)
  const amountTable = amounts.length
    ? `<table data-totals="amount">${head(
        say('report-print.currency'),
        say('report-print.sum'),
        ...(withNet ? [say('report-print.net')] : []),
        say('report-print.row-count'),
      )}<tbody>${amounts
        .map(
          ({ currency, sum, net, count: rows }) =>
            `<tr>${cell(currency || say('report-print.none'))}${cell(amount(sum, currency), true)}${
              withNet ? cell(net === undefined ? '' : amount(net, currency), true) : ''
            }${cell(count(rows), true)}</tr>`,
        )
        .join('')}</tbody></table>`
    : ''
  const typeTable = types.length
    ? `<table data-totals="types">${head(
        say('report-print.type'),
        say('report-print.row-count'),
      )}<tbody>${types
        .map(
          ({ type, count: rows }) =>
            `<tr>${cell(type || say('report-print.none'))}${cell(count(rows), true)}</tr>`,
        )
        .join('')}</tbody></table>`
    : ''
  const over = say('report-print.totals-over', {
    total: count(totals.rowCount),
    n: totals.rowCount,
  })
  return `<section class="totals"><h2>${escapeHtml(say('report-print.totals'))} <small>${escapeHtml(
    over,
  )}</small></h2>${amounts.length ? `<p>${escapeHtml(say('report-print.amount'))}</p>` : ''}${amountTable}${
    types.length ? `<p>${escapeHtml(say('report-print.types'))}</p>` : ''
  }${typeTable}</section>`
}

/**
 * The print of a report's view as one HTML page: its title, when, its filters, search and sort
 * in words; a table of the first rows with the chosen columns in the grid's order, written by the
 * grid's own formatter (numbers right-aligned), whose header Chromium repeats on every page; a
 * note when the view has more rows than were printed; the view's totals at the end.
 */
export function printDocument(view: PrintedView): string {
  const wording = catalogWording(view.language)
  const say: Say = (code, params = {}) => explainWith(wording, coded(code, params))
  const { header, columnTypes, columns, rows, language } = view
  const write = cellWriter(header, columnTypes, language, dateWriters(view.dateLocale))
  const numeric = columns.map((column) => {
    const kind = columnTypes[column]?.kind
    return kind === 'integer' || kind === 'decimal'
  })
  const cellClass = (place: number) => (numeric[place] ? ' class="number"' : '')
  const headRow = columns
    .map((column, place) => `<th${cellClass(place)}>${escapeHtml(header[column] ?? '')}</th>`)
    .join('')
  const bodyRows = rows
    .map((row) => {
      const cells = columns.map((column, place) => {
        const value = row[column] ?? ''
        return `<td${cellClass(place)}>${escapeHtml(value ? write(value, column, row) : '')}</td>`
      })
      return `<tr>${cells.join('')}</tr>`
    })
    .join('\n')
  const count = (n: number) => numberFormat(language, 0).format(n)
  const rowsNote =
    rows.length < view.viewRows
      ? say('report-print.rows-cut', { shown: count(rows.length), total: count(view.viewRows) })
      : say('report-print.rows-all', { total: count(view.viewRows), n: view.viewRows })
  const about = [
    say('report-print.printed', { when: printedAt(view.printedAt, view.dateLocale) }),
    ...aboutLines(view, say),
  ]
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}">
<title>${escapeHtml(view.title)}</title><style>${PRINT_CSS}</style></head>
<body><h1>${escapeHtml(view.title)}</h1>
<div class="about">${about.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>
<table data-rows><thead><tr>${headRow}</tr></thead><tbody>
${bodyRows}
</tbody></table>
<p class="note" data-rows-note>${escapeHtml(rowsNote)}</p>
${totalsSection(view, say)}
</body></html>
`
}
