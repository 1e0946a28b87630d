/** Rows a second over the last few seconds, and the time the rest will take at that pace. */
export function throughputMeter(now: () => number, windowMs = 10_000) {
  const finishedAt: number[] = []
  return {
    tick(): void {
      finishedAt.push(now())
    },
    perSecond(): number | null {
      const since = now() - windowMs
      while (finishedAt.length > 0 && finishedAt[0]! < since) finishedAt.shift()
      if (finishedAt.length < 2) return null
      const span = (now() - finishedAt[0]!) / 1000
      return span > 0 ? finishedAt.length / span : null
    },
  }
}
