import { calendarDate, localDay } from '../../preload/contract/platform/calendar'
import type { UpdateResult } from '../platform/gateway/update-response'
import { redactorFor } from '../platform/privacy/redaction'
import { parseOptions, UsageError, type CliIo } from './cli-io'
import { loadConnectionFile } from './connection-file'
import { type UncertainSend, createSendingContext, sendRecurringUpdate } from '../recurring'
import { openCliRecords, workspaceOption } from './cli-records'
import { cliGatewayDeps } from './gateway-deps'
import { paramOptions, requiredOption } from './option-values'
import { readParamsFile, refuseCardDataArguments } from './params-file'
import { recurringUpdateIssues, refusedByRules } from './recurring-rules'
import { cliText, helpText, wordsFor } from './cli-words'

const help = helpText(
  `gatedesk update-recurring --connection FILE
  [--params-file FILE] [--param name=value ...] [--confirm-resend] [--json]`,
  cliText('cli.help.update-recurring'),
)

const options = {
  connection: { type: 'string' },
  param: { type: 'string', multiple: true },
  'params-file': { type: 'string' },
  'confirm-resend': { type: 'boolean' },
  workspace: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

export async function updateRecurringCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  const { say, word, explain } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  const file = requiredOption(values.connection, '--connection')
  const paramsFile = values['params-file']
  if (!values.param && paramsFile === undefined) {
    throw new UsageError(cliText('cli.wrong.params-needed'))
  }
  const given = paramOptions(values.param ?? [])
  refuseCardDataArguments(given, '--param')
  const parameters = [
    ...(paramsFile === undefined ? [] : await readParamsFile(paramsFile, '--params-file')),
    ...given,
  ]
  const workspace = workspaceOption(values.workspace)
  const { env, secrets } = await loadConnectionFile(file, '--connection')
  // Checked as the app checks it, today by the clock the send uses: a request that breaks the
  // rules is never sent nor recorded.
  let issues = recurringUpdateIssues(parameters, calendarDate(localDay(cliGatewayDeps.now())))
  let result: UpdateResult
  let uncertainEarlier: UncertainSend | null = null
  if (issues.length > 0) {
    result = refusedByRules(issues)
  } else {
    const records = await openCliRecords(workspace, env)
    try {
      const context = createSendingContext({
        environment: records.environment,
        target: env,
        secrets,
        gateway: cliGatewayDeps,
        uncertainSameUpdate: records.uncertainSameUpdate,
        recorder: {
          sending: (request) => records.recordSending(request),
          result: (id, result) => records.recordResult(id, result),
        },
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
      await records.close()
    }
  }
  // Whatever is printed passes the redactor of what was sent, error messages included.
  const redact = redactorFor(parameters)
  if (values.json) {
    const { outcome, fields, message, messageCode, params } = result
    const broken = issues.length > 0 ? { issues } : {}
    const held = uncertainEarlier === null ? {} : { uncertainEarlier }
    const json = { outcome, fields, message, messageCode, params, ...broken, ...held }
    io.stdout(redact(`${JSON.stringify(json)}\n`))
  } else {
    const headline = say('cli.outcome', {
      outcome: say(`common.outcomes.${result.outcome}`),
      message: explain(result),
    })
    const fields = Object.entries(result.fields).map(([name, value]) => `  ${name}: ${value}\n`)
    const rules = issues.map(
      (issue) => `  ${[issue.parameter, ...(issue.also ?? [])].join(', ')}: ${explain(issue)}\n`,
    )
    io.stdout(redact(`${headline}\n${fields.join('')}${rules.join('')}`))
  }
  return result.outcome === 'approved' ? 0 : 1
}
