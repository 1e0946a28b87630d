import { REPORT_ERROR_CODES, type ReportErrorCode } from '../error-codes'
import { verifyOAuthRequest, type VerifierOptions } from '../oauth/oauth-verifier'
import { csvReportStream } from '../reports/csv-report'
import { findUnicodeFont, pdfReportStream } from '../reports/pdf-report'
import type { ReceivedRequest } from './received-request'
import { textReply, type Handled } from './reply'
import { checkReportRequest } from '../reports/report-request-check'
import { REPORT_COLUMNS } from '../reports/report-rows'
import type { SandboxGateway } from '../sandbox-service'

/** The refusal of spec §7.1: HTTP 200, text/plain, no report. */
const NOT_AUTHORISED_TEXT = 'You are not authorised to perform this request'

/** Response headers carry ASCII only; a reason quoting the request might not be. */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 500)

function rejected(code: ReportErrorCode, message: string): Handled {
  const detail = `${REPORT_ERROR_CODES[code]} ${message}`
  return {
    reply: textReply(400, `report request rejected [${REPORT_ERROR_CODES[code]}]: ${message}`),
    outcome: 'rejected',
    detail,
  }
}

/** POST rpt-engine (spec §4.1): authenticates, checks the request, streams the report. */
export function handleReport(
  request: ReceivedRequest,
  service: SandboxGateway,
  verifier: Omit<VerifierOptions, 'method' | 'operation'>,
): Handled {
  if (request.method !== 'POST') {
    return rejected('wrong-http-method', `the report engine takes POST, not ${request.method}`)
  }
  // The body is JSON, so only the oauth_* parameters are signed (as the client signs them).
  const auth = verifyOAuthRequest(
    { url: request.url, authorization: request.authorization, body: [] },
    { ...verifier, method: 'HMAC-SHA1', operation: 'the custom transactions report' },
  )
  if (!auth.ok) {
    // The body says no more than the gateway's would; the reason is for whoever reads headers.
    return {
      reply: textReply(200, NOT_AUTHORISED_TEXT, {
        'X-Sandbox-Reason': headerSafe(`${auth.code}: ${auth.message}`),
      }),
      outcome: 'not-authorised',
      detail: `${auth.code}: ${auth.message}`,
    }
  }
  if (request.body === null)
    return rejected('body-too-large', 'the request body is larger than 1 MiB')
  if (request.mediaType !== 'application/json') {
    return rejected(
      'wrong-content-type',
      `Content-Type must be application/json, not "${request.mediaType || '(none)'}"`,
    )
  }
  const check = checkReportRequest(request.body)
  if (!check.ok) return rejected(check.code, check.message)
  const { plan } = check
  const pages = service.reportRowPages(plan, auth.merchant)
  const title = plan.name || 'Transactions report'
  if (plan.format === 'pdf') {
    return {
      reply: {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="transactions.pdf"',
        },
        body: pdfReportStream(title, REPORT_COLUMNS, pages, findUnicodeFont()),
      },
      outcome: 'report',
      detail: 'PDF',
    }
  }
  return {
    reply: {
      status: 200,
      headers: {
        'Content-Type': `text/csv;charset=${plan.encoding}`,
        'Content-Disposition': 'attachment; filename="transactions.csv"',
      },
      body: csvReportStream(REPORT_COLUMNS, pages, plan.delimiter, plan.encoding),
    },
    outcome: 'report',
    detail: `CSV ${plan.encoding}`,
  }
}
