import { readFile } from 'node:fs/promises'
import type { ReportRequest } from '../../preload/contract/reports/report-request'
import { PROBE_REQUEST } from './connection-check'
import type { EnvironmentService } from './environment-service'
import { publicKeyFingerprint } from './keys/public-key-fingerprint'

/**
 * The running sandbox as the environment reaches it: its address and its demo merchant's files
 * (main/sandbox's StartedSandbox, which the composition root hands in).
 */
export interface DemoSandbox {
  baseUrl: string
  connection: {
    caCertFile: string
    endpointId: string
    merchantLogin: string
    controlKeyFile: string
    privateKeyFile: string
    publicKeyFile: string
  }
}

/**
 * Points the built-in Sandbox environment at the running sandbox, and puts the demo merchant's
 * keys into the keychain the first time (or when the sandbox's state was reset), so a new user
 * can send signed requests at once.
 */
export async function connectSandboxEnvironment(
  environments: EnvironmentService,
  sandbox: DemoSandbox,
): Promise<void> {
  const { connection } = sandbox
  const environment = await environments.connectSandbox({
    baseUrl: sandbox.baseUrl,
    extraCaPem: await readFile(connection.caCertFile, 'utf8'),
    endpointId: connection.endpointId,
    merchantLogin: connection.merchantLogin,
  })
  const status = await environments.secretStatus(environment.id)
  // Compared, not only checked for: a sandbox whose state dir was made afresh has a new control
  // key, and the keychain's old one would have every report refused.
  const demoControlKey = (await readFile(connection.controlKeyFile, 'utf8')).trim()
  const storedControlKey =
    status.controlKey === 'present'
      ? await (await environments.signingSecrets(environment.id)).controlKey().catch(() => null)
      : null
  if (storedControlKey !== demoControlKey) {
    await environments.setControlKey(environment.id, demoControlKey)
  }
  const demoFingerprint = publicKeyFingerprint(await readFile(connection.publicKeyFile, 'utf8'))
  if (status.rsaKey !== 'present' || status.fingerprint !== demoFingerprint) {
    const privateKeyPem = await readFile(connection.privateKeyFile, 'utf8')
    await environments.importPrivateKey(environment.id, { privateKeyPem }, { replace: true })
  }
}

/**
 * The connection check's request to the built-in sandbox: the one report it runs (see
 * main/sandbox/ERROR-CODES.md) over a day long before its data, so the answer is a header row.
 */
export const SANDBOX_PROBE_REQUEST: ReportRequest = {
  ...PROBE_REQUEST,
  reportIdentifier: 'transactions',
  inputReportParameters: [
    { type: 'INPUT_TEXT', name: 'dateFrom', value: '01.01.2000' },
    { type: 'INPUT_TEXT', name: 'dateTo', value: '01.01.2000' },
  ],
}
