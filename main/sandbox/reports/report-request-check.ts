import iconv from 'iconv-lite'
import {
  REPORT_FILTER_NAMES,
  reportRequestSchema,
} from '../../../preload/contract/reports/report-request'
import { isoFromDotted, type IsoDay } from '../../../preload/contract/platform/calendar'
import type { ReportErrorCode } from '../error-codes'

/** The one report the sandbox runs: the transactions report of spec §2.2. */
const TRANSACTIONS_REPORT = 'transactions'
const MAX_GENERATED_ROWS = 10_000_000
/**
 * About 22,000 pages, drawn in some 300 MiB: pdfkit keeps a little of every page (the page tree,
 * the cross-reference table) for the document's end, so a PDF's size is bounded, unlike a CSV's.
 */
const MAX_PDF_ROWS = 1_000_000

export type ReportFilterName = (typeof REPORT_FILTER_NAMES)[number]

export interface ReportPlan {
  name: string
  format: 'csv' | 'pdf'
  encoding: string
  delimiter: string
  fromDay: IsoDay | null
  /** Inclusive. */
  toDay: IsoDay | null
  /** Generated rows for load tests, instead of the merchant's transactions. */
  rowCount: number | null
  filters: Record<ReportFilterName, string[]>
}

export type ReportCheck =
  { ok: true; plan: ReportPlan } | { ok: false; code: ReportErrorCode; message: string }

class ReportRequestError extends Error {
  constructor(
    readonly code: ReportErrorCode,
    message: string,
  ) {
    super(message)
  }
}

const INPUT_NAMES = ['dateFrom', 'dateTo', 'rowCount']

function inputParameters(items: readonly { name: string; value: string }[]) {
  const given = new Map<string, string>()
  for (const { name, value } of items) {
    if (!INPUT_NAMES.includes(name)) {
      throw new ReportRequestError(
        'bad-input-parameter',
        `input parameter "${name.slice(0, 64)}" is unknown: the ${TRANSACTIONS_REPORT} report takes dateFrom and dateTo (DD.MM.YYYY, inclusive) and rowCount`,
      )
    }
    if (given.has(name)) {
      throw new ReportRequestError('bad-input-parameter', `input parameter ${name} is given twice`)
    }
    given.set(name, value)
  }
  const day = (name: string): IsoDay | null => {
    const value = given.get(name)
    if (value === undefined) return null
    const iso = isoFromDotted(value)
    if (iso === null) {
      throw new ReportRequestError(
        'bad-input-parameter',
        `${name} "${value.slice(0, 20)}" is not a date: write it DD.MM.YYYY, e.g. 01.11.2026`,
      )
    }
    return iso
  }
  const fromDay = day('dateFrom')
  const toDay = day('dateTo')
  if (fromDay !== null && toDay !== null && fromDay > toDay) {
    throw new ReportRequestError(
      'bad-input-parameter',
      `dateFrom ${given.get('dateFrom')} is after dateTo ${given.get('dateTo')}: swap them`,
    )
  }
  const rows = given.get('rowCount')
  const rowCount = rows === undefined ? null : Number(rows)
  if (
    rows !== undefined &&
    !(/^\d{1,8}$/.test(rows) && rowCount! >= 1 && rowCount! <= MAX_GENERATED_ROWS)
  ) {
    throw new ReportRequestError(
      'bad-input-parameter',
      `rowCount "${rows.slice(0, 20)}" must be a whole number from 1 to ${MAX_GENERATED_ROWS}`,
    )
  }
  return { fromDay, toDay, rowCount }
}

function planOf(body: Buffer): ReportPlan {
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch (error) {
    throw new ReportRequestError(
      'malformed-json',
      `the body is not JSON (${(error as Error).message})`,
    )
  }
  const parsed = reportRequestSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.length > 0 ? issue.path.join('.') : 'the body'
    throw new ReportRequestError('invalid-request', `${where}: ${issue.message}`)
  }
  const request = parsed.data
  if (request.reportIdentifier !== TRANSACTIONS_REPORT) {
    throw new ReportRequestError(
      'unknown-report',
      `reportIdentifier "${request.reportIdentifier}" is unknown: the sandbox runs the "${TRANSACTIONS_REPORT}" report`,
    )
  }
  const format = request.reportFormat.toLowerCase()
  if (format !== 'csv' && format !== 'pdf') {
    throw new ReportRequestError(
      'unknown-format',
      `reportFormat "${request.reportFormat}" is unknown: use CSV or PDF`,
    )
  }
  if (!iconv.encodingExists(request.reportEncode)) {
    throw new ReportRequestError(
      'unknown-encoding',
      `reportEncode "${request.reportEncode}" is not an encoding the sandbox knows: use e.g. UTF-8 or windows-1251`,
    )
  }
  const delimiter = request.reportCsvDelimiter
  if ([...delimiter].length !== 1 || ['"', '\r', '\n'].includes(delimiter)) {
    throw new ReportRequestError(
      'bad-delimiter',
      `reportCsvDelimiter ${JSON.stringify(delimiter)} must be one character other than a double quote or a line break, e.g. "," or ";"`,
    )
  }
  const filters = Object.fromEntries(
    REPORT_FILTER_NAMES.map((name) => [name, (request.filters[name] ?? []).map(String)]),
  ) as Record<ReportFilterName, string[]>
  const inputs = inputParameters(request.inputReportParameters)
  if (format === 'pdf' && (inputs.rowCount ?? 0) > MAX_PDF_ROWS) {
    throw new ReportRequestError(
      'too-large-for-pdf',
      `a PDF report holds at most ${MAX_PDF_ROWS} rows: ask for fewer, or for CSV (up to ${MAX_GENERATED_ROWS})`,
    )
  }
  return {
    name: request.reportName,
    format,
    encoding: request.reportEncode,
    delimiter,
    ...inputs,
    filters,
  }
}

/** Parses and checks a report request (spec §2.1) against what the sandbox can run. */
export function checkReportRequest(body: Buffer): ReportCheck {
  try {
    return { ok: true, plan: planOf(body) }
  } catch (error) {
    if (!(error instanceof ReportRequestError)) throw error
    return { ok: false, code: error.code, message: error.message }
  }
}
