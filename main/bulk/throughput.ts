/** Rows a second over the last few seconds, and the time the rest will take at that pace. */
export function throughputMeter(now: () => number, windowMs = 10_000) {
  const finishedAt: number[] = []
  return {
    tick(): void {
      finishedAt.push(now())
    },
    perSecond(): number | null {
      const at = now()
      while (finishedAt.length > 0 && finishedAt[0]! < at - windowMs) finishedAt.shift()
      if (finishedAt.length < 2) return null
      // n rows finished in the window are n - 1 gaps after the first: counting n over that span
      // printed 2.1/s for --rate 2. Measured up to now, a stalled run's pace falls.
      const span = (at - finishedAt[0]!) / 1000
      return span > 0 ? (finishedAt.length - 1) / span : null
    },
  }
}
