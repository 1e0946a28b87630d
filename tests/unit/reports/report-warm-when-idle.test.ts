import { describe, expect, it } from 'vitest'
import { warmWhenIdle } from '../../../main/reports/warm-when-idle'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('starting the query process ahead', () => {
  // A command that only reads rows of a file indexed in longer than the quiet time ends before
  // it: it never starts a process it does not query.
  it('waits the quiet time after the report is ready, however long that took', async () => {
    const warmed: number[] = []
    const ready = sleep(300)
    const { stop } = warmWhenIdle(ready, 200, new AbortController().signal, () =>
      warmed.push(performance.now()),
    )
    await ready
    const readyAt = performance.now()
    await sleep(100)
    expect(warmed).toEqual([])
    await expect.poll(() => warmed.length, { interval: 20 }).toBe(1)
    expect(warmed[0]! - readyAt).toBeGreaterThanOrEqual(190)
    stop()
  })

  it('never warms once the report closed', async () => {
    const warmed: number[] = []
    const closing = new AbortController()
    warmWhenIdle(Promise.resolve(), 50, closing.signal, () => warmed.push(1))
    closing.abort()
    await sleep(120)
    expect(warmed).toEqual([])
  })
})
