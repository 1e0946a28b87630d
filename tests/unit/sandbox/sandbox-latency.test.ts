import { describe, expect, it } from 'vitest'
import { latencyMs } from '../../../main/sandbox/http/faults'
import {
  sandboxProcessArgs,
  sandboxProcessOptions,
} from '../../../main/sandbox/process/sandbox-process-messages'

// bench:bulk's gateway 50 ms ± 20 ms away: the sandbox process's added latency.
describe("the sandbox's added latency", () => {
  it('reaches the sandbox process through its arguments', () => {
    const options = { stateDir: '/tmp/s', faults: false, latency: { meanMs: 50, jitterMs: 20 } }
    expect(sandboxProcessOptions(sandboxProcessArgs(options))).toEqual(options)
    expect(sandboxProcessOptions(sandboxProcessArgs({ stateDir: '/tmp/s', faults: true }))).toEqual(
      { stateDir: '/tmp/s', faults: true },
    )
  })

  it('spreads evenly over mean ± jitter', () => {
    const latency = { meanMs: 50, jitterMs: 20 }
    expect(latencyMs(latency, () => 0)).toBe(30)
    expect(latencyMs(latency, () => 0.5)).toBe(50)
    expect(latencyMs(latency, () => 0.999999)).toBeCloseTo(70, 3)
  })
})
