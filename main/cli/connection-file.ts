import { dirname, resolve } from 'node:path'
import { z } from 'zod'
import { SPEC_PATHS, type GatewayEnvironment } from '../platform/gateway/environment'
import type { SigningSecrets } from '../platform/gateway/gateway-client'
import { loadRsaPrivateKey } from '../environments'
import type { SandboxConnection } from '../sandbox'
import { readRegularFile } from '../platform/csv/regular-file'
import { CliFailure, readOptionFile, secretFromFile } from './cli-io'
import { cliText, inEnglish } from './cli-words'

const text = z.string().min(1).max(4096)

/** The shape of sandbox.json; a connection file for another gateway has the same fields. */
const connectionSchema = z.object({
  baseUrl: z.url({ protocol: /^https$/ }),
  caCertFile: text.optional(),
  endpointId: text,
  merchantLogin: text,
  controlKeyFile: text.optional(),
  privateKeyFile: text.optional(),
  publicKeyFile: text.optional(),
  updateRecurringPath: text.optional(),
  reportPath: text.optional(),
  oauthInBody: z.boolean().optional(),
}) satisfies z.ZodType<Partial<SandboxConnection>>

export interface LoadedConnection {
  env: GatewayEnvironment
  secrets: SigningSecrets
}

/**
 * Reads a secret file only when a request needs it, so each command needs only its own key. Its
 * failure becomes the detail of main's "Nothing was sent" (kept in the history too): English.
 */
async function secretFile(connectionFile: string, field: string, path: string | undefined) {
  if (path === undefined) {
    throw new Error(inEnglish(cliText('cli.file.no-secret', { file: connectionFile, field })))
  }
  try {
    return (await readRegularFile(path)).toString('utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new Error(inEnglish(cliText('cli.file.secret-unreadable', { field, path, reason })))
  }
}

/**
 * Loads a connection file (the shape of sandbox.json). Relative file names are read from the
 * connection file's folder; a missing caCertFile means the system's trusted roots alone.
 */
export async function loadConnectionFile(file: string, option: string): Promise<LoadedConnection> {
  const content = await readOptionFile(file, option)
  let json: unknown
  try {
    json = JSON.parse(content)
  } catch (error) {
    throw new CliFailure(
      cliText('cli.file.not-json', { option, file, reason: (error as Error).message }),
    )
  }
  const parsed = connectionSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = issue.path.join('.') || cliText('cli.file.whole-file')
    // Any refusal of baseUrl means one thing; zod words the other fields' own.
    const reason = issue.path[0] === 'baseUrl' ? cliText('cli.file.https-url') : issue.message
    throw new CliFailure(cliText('cli.file.bad-field', { option, file, field, reason }))
  }
  const connection = parsed.data
  const path = (name: string | undefined) =>
    name === undefined ? undefined : resolve(dirname(file), name)
  const caFile = path(connection.caCertFile)
  const extraCaPem =
    caFile === undefined ? null : await readOptionFile(caFile, `${option} ${file}: caCertFile`)
  const privateKeyFile = path(connection.privateKeyFile)
  const controlKeyFile = path(connection.controlKeyFile)
  return {
    env: {
      baseUrl: connection.baseUrl,
      endpointId: connection.endpointId,
      merchantLogin: connection.merchantLogin,
      updateRecurringPath: connection.updateRecurringPath ?? SPEC_PATHS.updateRecurringPath,
      reportPath: connection.reportPath ?? SPEC_PATHS.reportPath,
      oauthInBody: connection.oauthInBody ?? true,
      extraCaPem,
    },
    secrets: {
      controlKey: async () =>
        secretFromFile(await secretFile(file, 'controlKeyFile', controlKeyFile)),
      rsaPrivateKey: async () => {
        const pem = await secretFile(file, 'privateKeyFile', privateKeyFile)
        // secretFile read it, so the connection file names it.
        return loadRsaPrivateKey(pem, { sourceCode: 'key.source.file', file: privateKeyFile! })
      },
    },
  }
}
