import { describe, expect, it } from 'vitest'
import { useTestSandbox } from '../../fixtures/sandbox'
import { runUpdateLoad } from '../../fixtures/update-load'

const sandbox = useTestSandbox()

describe('the sandbox under load', () => {
  it('approves 5,000 signed updates sent 8 at a time, with no unexpected failure', async () => {
    const load = await runUpdateLoad(sandbox, 5000, 8)
    expect(load.failures.map((failure) => `${failure.outcome}: ${failure.message}`)).toEqual([])
    const updated = sandbox.sandbox.service
      .profiles()
      .filter((p) => p.clientOrderId.startsWith('LOAD-'))
    expect(updated).toHaveLength(3)
    console.log(
      `5,000 updates at concurrency 8: ${load.seconds.toFixed(1)} s, ${load.requestsPerSecond.toFixed(0)} requests/s`,
    )
  }, 180_000)
})
