import { describe, expect, it } from 'vitest'
import { rateLimiter } from '../../../main/bulk/rate-limit'
import { throughputMeter } from '../../../main/bulk/throughput'

describe('the printed pace', () => {
  it('is the rate the limiter spaces rows out to', async () => {
    let clock = 0
    const wait = rateLimiter(
      () => 2,
      () => clock,
      async (ms) => void (clock += ms),
    )
    const meter = throughputMeter(() => clock)
    for (let row = 0; row < 30; row += 1) {
      await wait()
      meter.tick()
    }
    expect(meter.perSecond()).toBeCloseTo(2, 5)
  })

  it('falls while no row finishes', () => {
    let clock = 0
    const meter = throughputMeter(() => clock)
    for (let row = 0; row < 5; row += 1) {
      meter.tick()
      clock += 1000
    }
    expect(meter.perSecond()).toBeCloseTo(4 / 5, 5)
  })
})
