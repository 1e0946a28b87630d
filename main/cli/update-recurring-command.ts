import { calendarDate, localDay } from '../../preload/contract/platform/calendar'
import type { UpdateResult } from '../platform/gateway/update-response'
import { redactorFor } from '../platform/privacy/redaction'
import { parseOptions, UsageError, type CliIo } from './cli-io'
import { loadConnectionFile } from './connection-file'
import { type UncertainSend, createSendingContext, sendRecurringUpdate } from '../recurring'
import { openCliStore } from './cli-history'
import { cliGatewayDeps } from './gateway-deps'
import { paramOptions, requiredOption } from './option-values'
import { readParamsFile, refuseCardDataArguments } from './params-file'
import { recurringUpdateIssues, refusedByRules } from './recurring-rules'

export const updateRecurringUsage = `Usage: gatedesk update-recurring --connection FILE
         [--params-file FILE] [--param name=value ...] [--confirm-resend] [--json]

Signs (RSA-SHA256) and sends one update-recurring-payment request, then prints what the gateway
answered. Exits 0 only when the update is approved.

  --connection FILE   a connection file shaped like a sandbox's sandbox.json: baseUrl, endpointId,
                      merchantLogin, privateKeyFile, caCertFile (relative names are read from the
                      file's folder)
  --params-file FILE  the request parameters, one name=value a line, unencoded (blank lines and
                      lines starting with # are skipped); - reads them from standard input.
                      Card data (credit-card-number, cvv2, ssn) is taken only this way: a
                      command line shows in ps and in the shell history
  --param name=value  a request parameter, unencoded, e.g. --param amount=10.50; repeat for each
                      (client-orderid and recurring-payment-id are required, spec §4.2)
  --confirm-resend    send although the last send of the same update to this profile has an
                      uncertain outcome (unknown, internal-failure, protocol-error): check the
                      profile first. Without it such an update is not sent (exit 1)
  --json              print {"outcome", "fields", "message"} as one JSON object, with "issues"
                      ([{"parameter", "code", "message"}]) when the rules refused it, and
                      "uncertainEarlier" when an uncertain earlier send held it back

The parameters are checked first with the app's rules (spec §4.2): a request that breaks them is
not sent (exit 1, each rule at its parameter). Every request sent is recorded in the app's history
($GATEDESK_DATA_DIR, else the app's data folder) before it leaves, and completed with its outcome.
The request is never retried: if the outcome is "unknown", check the profile before sending again.
Card numbers, cvv2 and SSNs are masked in what is printed, also where the gateway echoes them.`

const options = {
  connection: { type: 'string' },
  param: { type: 'string', multiple: true },
  'params-file': { type: 'string' },
  'confirm-resend': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

export async function updateRecurringCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  if (values.help) {
    io.stdout(`${updateRecurringUsage}\n`)
    return 0
  }
  const file = requiredOption(values.connection, '--connection')
  const paramsFile = values['params-file']
  if (!values.param && paramsFile === undefined) {
    throw new UsageError(
      'give the request parameters with --params-file FILE or as --param name=value options',
    )
  }
  const given = paramOptions(values.param ?? [])
  refuseCardDataArguments(given, '--param')
  const parameters = [
    ...(paramsFile === undefined ? [] : await readParamsFile(paramsFile, '--params-file')),
    ...given,
  ]
  const { env, secrets } = await loadConnectionFile(file, '--connection')
  // Checked as the app checks it, today by the clock the send uses: a request that breaks the
  // rules is never sent nor recorded.
  let issues = recurringUpdateIssues(parameters, calendarDate(localDay(cliGatewayDeps.now())))
  let result: UpdateResult = refusedByRules(issues)
  let uncertainEarlier: UncertainSend | null = null
  if (issues.length === 0) {
    const store = openCliStore()
    try {
      const context = createSendingContext({
        environment: store.environmentOf(env),
        target: env,
        secrets,
        gateway: cliGatewayDeps,
        history: store.history,
      })
      const sent = await sendRecurringUpdate(context, {
        parameters: Object.fromEntries(parameters),
        confirmedResend: values['confirm-resend'] === true,
      })
      // The core's own refusal names its fields and rules as the pre-check's does.
      result = sent.result
      issues = sent.issues
      uncertainEarlier = sent.uncertainEarlier
    } finally {
      store.close()
    }
  }
  // Whatever is printed passes the redactor of what was sent, error messages included.
  const redact = redactorFor(parameters)
  if (values.json) {
    const { outcome, fields, message } = result
    const broken = issues.length > 0 ? { issues } : {}
    const held = uncertainEarlier === null ? {} : { uncertainEarlier }
    io.stdout(redact(`${JSON.stringify({ outcome, fields, message, ...broken, ...held })}\n`))
  } else {
    const fields = Object.entries(result.fields).map(([name, value]) => `  ${name}: ${value}\n`)
    const rules = issues.map(
      (issue) => `  ${[issue.parameter, ...(issue.also ?? [])].join(', ')}: ${issue.message}\n`,
    )
    io.stdout(redact(`${result.outcome}: ${result.message}\n${fields.join('')}${rules.join('')}`))
  }
  return result.outcome === 'approved' ? 0 : 1
}
