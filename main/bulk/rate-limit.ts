/**
 * Spaces sends out to at most `perSecond` a second across all workers (null: no limit). Each
 * caller waits for its own slot, so a burst never exceeds the rate.
 */
export function rateLimiter(
  perSecond: () => number | null,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
) {
  let nextSlot = 0
  return async function waitForSlot(): Promise<void> {
    const rate = perSecond()
    if (rate === null) return
    const at = now()
    const slot = Math.max(at, nextSlot)
    nextSlot = slot + 1000 / rate
    if (slot > at) await sleep(slot - at)
  }
}
