import { afterAll, describe, expect, it } from 'vitest'
import { checkConnection } from '../../../main/environments/connection-check'
import {
  connectSandboxEnvironment,
  SANDBOX_PROBE_REQUEST,
} from '../../../main/environments/sandbox-environment'
import { openTestStore } from '../../fixtures/gatedesk-store'
import { startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// "Check connection" on the built-in Sandbox environment, as the Keys screen runs it: the real
// environment service and keychain, the real sandbox on loopback.
const store = openTestStore()
const sandboxes: TestSandbox[] = []
afterAll(async () => {
  for (const sandbox of sandboxes) {
    await sandbox.stop()
    sandbox.remove()
  }
  store.close()
})

async function check(sandbox: TestSandbox) {
  await connectSandboxEnvironment(store.environments, sandbox.sandbox)
  const environments = await store.environments.reads()
  const id = environments.list().find((environment) => environment.kind === 'sandbox')!.id
  return checkConnection(
    sandbox.deps,
    environments.gatewayEnvironment(id),
    environments.signingSecrets(id),
    { workDir: store.dir, probe: SANDBOX_PROBE_REQUEST },
  )
}

describe('checking the connection of the built-in Sandbox environment', () => {
  it('succeeds out of the box: the sandbox answers the probe with a report', async () => {
    const sandbox = await startTestSandbox()
    sandboxes.push(sandbox)

    const result = await check(sandbox)

    expect(result).toMatchObject({ outcome: 'ok' })
    expect(result.message).toContain('accepted the merchant login and control key')
    expect(sandbox.sandbox.service.recentRequests(1)[0]).toMatchObject({ outcome: 'report' })
  })

  it('still succeeds when the sandbox was made afresh with a new control key', async () => {
    // A new state dir: new demo keys, while the keychain still holds the old control key.
    const fresh = await startTestSandbox()
    sandboxes.push(fresh)
    expect(fresh.controlKey).not.toBe(sandboxes[0]!.controlKey)

    const result = await check(fresh)

    expect(result).toMatchObject({ outcome: 'ok' })
  })
})
