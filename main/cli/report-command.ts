import { extname, resolve } from 'node:path'
import { DEFAULT_REPORT_LIMITS, runReport } from '../platform/gateway/custom-report'
import {
  requestedKind,
  type ReportKind,
  type ReportResult,
} from '../platform/gateway/report-response'
import { formatSizeLimit, formatTimeLimit } from '../../preload/contract/platform/readable-units'
import { historyParameters } from '../reports'
import {
  reportRequestSchema,
  type ReportRequest,
} from '../../preload/contract/reports/report-request'
import { sendRecorded } from './cli-history'
import { CliFailure, parseOptions, readOptionFile, type CliIo } from './cli-io'
import { loadConnectionFile } from './connection-file'
import { cliGatewayDeps } from './gateway-deps'
import { requiredOption } from './option-values'

const { maxBytes, deadlineMs } = DEFAULT_REPORT_LIMITS

export const reportUsage = `Usage: gatedesk report --connection FILE --request REPORT.json --out FILE [--keep-damaged] [--json]

Signs (HMAC-SHA1) and sends one custom transactions report request and streams the report
(CSV or PDF) to a file. Exits 0 only when a report was saved. The run is recorded in the app's
history ($GATEDESK_DATA_DIR, else the app's data folder).

  --connection FILE     a connection file shaped like a sandbox's sandbox.json: baseUrl,
                        endpointId, merchantLogin, controlKeyFile, caCertFile
  --request REPORT.json the report request of spec §2.1, e.g.
                        {"reportIdentifier": "transactions", "reportEncode": "UTF-8",
                         "reportName": "November", "reportCsvDelimiter": ",", "reportFormat": "CSV",
                         "configurationReportParameters": [], "outputReportParameters": [],
                         "inputReportParameters": [{"type": "INPUT_TEXT", "name": "dateFrom",
                                                    "value": "01.11.2026"}],
                         "filters": {"currencies": ["EUR"]}}
  --out FILE            where to save the report; it is replaced only by a whole report of the
                        format asked for, of at most ${formatSizeLimit(maxBytes)} in ${formatTimeLimit(deadlineMs)}, never by a refusal.
                        A name ending in .csv or .pdf must match the format: one that does not
                        match reportFormat is refused before anything is sent, and when
                        reportFormat names neither, a report of the other format is not kept
  --keep-damaged        keep a damaged PDF's bytes as FILE with .damaged before its extension
                        (report.damaged.pdf); the run still fails, and the file may not open
  --json                print {"outcome", "kind", "file", "bytes", "message"} as one JSON object
                        (and "damagedFile" when a damaged PDF was kept)`

const options = {
  connection: { type: 'string' },
  request: { type: 'string' },
  out: { type: 'string' },
  'keep-damaged': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

/** The report kind a file's extension names (.csv, .pdf, in any case); null for another. */
const kindOfName = (file: string): ReportKind | null => requestedKind(extname(file).slice(1))

/** Refuses an --out whose extension names another format than the request asks for. */
function checkOutName(out: string, request: ReportRequest): void {
  const asked = requestedKind(request.reportFormat)
  const named = kindOfName(out)
  if (asked !== null && named !== null && asked !== named) {
    throw new CliFailure(
      `--out ${out}: the request asks for a ${asked.toUpperCase()} report (reportFormat "${request.reportFormat}"), but the file name ends in ${extname(out)}: name the file .${asked}, or ask for ${named.toUpperCase()} in --request. Nothing was sent.`,
    )
  }
}

/** A report the gateway sent in another format than --out's extension names: said so. */
function wrongKindForName(result: ReportResult, out: string): ReportResult {
  if (result.messageCode !== 'report.kind-mismatch') return result
  const { kind } = result.params as { kind: string }
  return {
    ...result,
    message: `The gateway sent a ${kind} report, but --out ${out} ends in ${extname(out)}, so nothing was written: name the file .${kind.toLowerCase()} and run the report again.`,
  }
}

async function readReportRequest(file: string): Promise<ReportRequest> {
  const content = await readOptionFile(file, '--request')
  let json: unknown
  try {
    json = JSON.parse(content)
  } catch (error) {
    throw new CliFailure(`--request ${file}: not JSON (${(error as Error).message})`)
  }
  const parsed = reportRequestSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new CliFailure(
      `--request ${file}: "${issue.path.join('.') || 'the request'}" ${issue.message}`,
    )
  }
  return parsed.data
}

export async function reportCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  if (values.help) {
    io.stdout(`${reportUsage}\n`)
    return 0
  }
  const connectionFile = requiredOption(values.connection, '--connection')
  const requestFile = requiredOption(values.request, '--request')
  const outName = requiredOption(values.out, '--out')
  const out = resolve(outName)
  const request = await readReportRequest(requestFile)
  checkOutName(outName, request)
  const { env, secrets } = await loadConnectionFile(connectionFile, '--connection')
  // When reportFormat names no known format, the report must still be the one the name says.
  const named = kindOfName(out)
  const sent = await sendRecorded(env, 'custom-report', historyParameters(request, null), () =>
    runReport(cliGatewayDeps, env, secrets, request, {
      file: out,
      ...(named === null ? {} : { expectedKind: named }),
      keepDamaged: values['keep-damaged'] === true,
    }),
  )
  const result = named === null ? sent : wrongKindForName(sent, outName)
  if (values.json) {
    const { outcome, kind, file, bytes, message, damagedFile } = result
    io.stdout(`${JSON.stringify({ outcome, kind, file, bytes, message, damagedFile })}\n`)
  } else if (result.outcome === 'report') {
    io.stdout(`${result.message.replace(/\.$/, '')} to ${out}\n`)
  } else {
    io.stdout(`${result.outcome}: ${result.message}\n`)
    if (result.damagedFile) {
      io.stdout(`Its bytes were kept, as you asked, in ${result.damagedFile}\n`)
    } else if (result.messageCode?.startsWith('report.pdf-damaged.')) {
      io.stdout('To keep its bytes anyway, run again with --keep-damaged.\n')
    }
  }
  return result.outcome === 'report' ? 0 : 1
}
