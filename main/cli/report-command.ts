import { extname, resolve } from 'node:path'
import { DEFAULT_REPORT_LIMITS, runReport } from '../platform/gateway/custom-report'
import {
  requestedKind,
  type ReportKind,
  type ReportResult,
} from '../platform/gateway/report-response'
import { sizeLimit, timeLimit } from '../../preload/contract/locales/unit-wording'
import { loadHistoryParameters } from '../reports'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import { checkRequest } from '../../preload/contract/templates/report-template'
import { sendRecorded, workspaceOption } from './cli-records'
import { CliFailure, parseOptions, readOptionFile, type CliIo } from './cli-io'
import { loadConnectionFile } from './connection-file'
import { cliGatewayDeps } from './gateway-deps'
import { requiredOption } from './option-values'
import { cliText, helpText, inEnglish, mainText, wordsFor, type CliText } from './cli-words'

const { maxBytes, deadlineMs } = DEFAULT_REPORT_LIMITS

const help = helpText(
  'gatedesk report --connection FILE --request REPORT.json --out FILE [--keep-damaged] [--json]',
  cliText('cli.help.report', {
    maxSize: (wording) => sizeLimit(wording, maxBytes),
    deadline: (wording) => timeLimit(wording, deadlineMs),
  }),
)

const options = {
  connection: { type: 'string' },
  request: { type: 'string' },
  out: { type: 'string' },
  'keep-damaged': { type: 'boolean' },
  workspace: { type: 'string' },
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
      cliText('cli.report.out-mismatch', {
        out,
        asked: asked.toUpperCase(),
        format: request.reportFormat,
        extension: extname(out),
        askedExtension: asked,
        named: named.toUpperCase(),
      }),
    )
  }
}

/** What a report the gateway sent in another format than --out's extension names means here. */
function wrongKindForName(result: ReportResult, out: string): CliText | null {
  if (result.messageCode !== 'report.kind-mismatch') return null
  const { kind } = result.params as { kind: string }
  const extension = extname(out)
  return cliText('cli.report.kind-mismatch', {
    kind,
    out,
    extension,
    kindExtension: kind.toLowerCase(),
  })
}

async function readReportRequest(file: string): Promise<ReportRequest> {
  const content = await readOptionFile(file, '--request')
  let json: unknown
  try {
    json = JSON.parse(content)
  } catch (error) {
    const reason = (error as Error).message
    throw new CliFailure(cliText('cli.file.not-json', { option: '--request', file, reason }))
  }
  const checked = checkRequest(json)
  if (checked.ok) return checked.request
  // Every problem at once, each at its field: one run of the command to correct them all.
  const problems = checked.issues.map((issue) =>
    cliText('cli.file.request-problem', {
      field: issue.path || cliText('cli.file.whole-request'),
      reason: mainText(issue),
    }),
  )
  const format = (json as { reportFormat?: unknown } | null)?.reportFormat
  if (typeof format === 'string' && requestedKind(format) === null)
    problems.push(cliText('cli.file.request-format', { format }))
  const heading = cliText('cli.file.request-problems', {
    option: '--request',
    file,
    n: problems.length,
  })
  throw new CliFailure((wording) =>
    [heading(wording), ...problems.map((problem) => `  ${problem(wording)}`)].join('\n'),
  )
}

export async function reportCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  const { say, word } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
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
  const historyParameters = await loadHistoryParameters()
  const workspace = workspaceOption(values.workspace)
  const parameters = historyParameters(request, null)
  const result = await sendRecorded(workspace, env, 'custom-report', parameters, () =>
    runReport(cliGatewayDeps, env, secrets, request, {
      file: out,
      ...(named === null ? {} : { expectedKind: named }),
      keepDamaged: values['keep-damaged'] === true,
    }),
  )
  const mismatch = named === null ? null : wrongKindForName(result, outName)
  const told = mismatch ?? mainText(result)
  if (values.json) {
    const { outcome, kind, file, bytes, messageCode, params, damagedFile } = result
    const message = mismatch === null ? result.message : inEnglish(mismatch)
    const json = { outcome, kind, file, bytes, message, messageCode, params, damagedFile }
    io.stdout(`${JSON.stringify(json)}\n`)
  } else if (result.outcome === 'report') {
    io.stdout(`${say('cli.report.saved', { saved: word(told).replace(/\.$/, ''), file: out })}\n`)
  } else {
    const outcome = say(`common.outcomes.${result.outcome}`)
    io.stdout(`${say('cli.outcome', { outcome, message: told })}\n`)
    if (result.damagedFile) {
      io.stdout(`${say('cli.report.kept-damaged', { file: result.damagedFile })}\n`)
    } else if (result.messageCode?.startsWith('report.pdf-damaged.')) {
      io.stdout(`${say('cli.report.keep-damaged-hint')}\n`)
    }
  }
  return result.outcome === 'report' ? 0 : 1
}
