import { readFile } from 'node:fs/promises'
import type { EnvironmentService } from './environments/environment-service'
import type { StartedSandbox } from './sandbox/sandbox-process-messages'
import { publicKeyFingerprint } from './secrets/public-key-fingerprint'

/**
 * Points the built-in Sandbox environment at the running sandbox, and puts the demo merchant's
 * keys into the keychain the first time (or when the sandbox's state was reset), so a new user
 * can send signed requests at once.
 */
export async function connectSandboxEnvironment(
  environments: EnvironmentService,
  sandbox: StartedSandbox,
): Promise<void> {
  const { connection } = sandbox
  const environment = environments.connectSandbox({
    baseUrl: sandbox.baseUrl,
    extraCaPem: await readFile(connection.caCertFile, 'utf8'),
    endpointId: connection.endpointId,
    merchantLogin: connection.merchantLogin,
  })
  const status = await environments.secretStatus(environment.id)
  if (status.controlKey !== 'present') {
    await environments.setControlKey(
      environment.id,
      await readFile(connection.controlKeyFile, 'utf8'),
    )
  }
  const demoFingerprint = publicKeyFingerprint(await readFile(connection.publicKeyFile, 'utf8'))
  if (status.rsaKey !== 'present' || status.fingerprint !== demoFingerprint) {
    const privateKeyPem = await readFile(connection.privateKeyFile, 'utf8')
    await environments.importPrivateKey(environment.id, { privateKeyPem }, { replace: true })
  }
}
