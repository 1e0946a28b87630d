import { updateRecurringPayment } from '../gateway/update-recurring-payment'
import { parseOptions, UsageError, type CliIo } from './cli-io'
import { loadConnectionFile } from './connection-file'
import { cliGatewayDeps } from './gateway-deps'
import { paramOptions, requiredOption } from './option-values'

export const updateRecurringUsage = `Usage: gatedesk update-recurring --connection FILE --param name=value ... [--json]

Signs (RSA-SHA256) and sends one update-recurring-payment request, then prints what the gateway
answered. Exits 0 only when the update is approved.

  --connection FILE   a connection file shaped like a sandbox's sandbox.json: baseUrl, endpointId,
                      merchantLogin, privateKeyFile, caCertFile (relative names are read from the
                      file's folder)
  --param name=value  a request parameter, unencoded, e.g. --param amount=10.50; repeat for each
                      (client-orderid and recurring-payment-id are required, spec §4.2)
  --json              print {"outcome", "fields", "message"} as one JSON object

The request is never retried: if the outcome is "unknown", check the profile before sending again.`

const options = {
  connection: { type: 'string' },
  param: { type: 'string', multiple: true },
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
  if (!values.param) {
    throw new UsageError('give the request parameters as --param name=value options')
  }
  const parameters = paramOptions(values.param)
  const { env, secrets } = await loadConnectionFile(file, '--connection')
  const result = await updateRecurringPayment(cliGatewayDeps, env, secrets, parameters)
  if (values.json) {
    const { outcome, fields, message } = result
    io.stdout(`${JSON.stringify({ outcome, fields, message })}\n`)
  } else {
    const fields = Object.entries(result.fields).map(([name, value]) => `  ${name}: ${value}\n`)
    io.stdout(`${result.outcome}: ${result.message}\n${fields.join('')}`)
  }
  return result.outcome === 'approved' ? 0 : 1
}
