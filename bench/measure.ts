import { performance } from 'node:perf_hooks'

/** Nanoseconds per call of `fn`, over `iterations` calls. */
function timePerCall(fn: () => unknown, iterations: number): number {
  const start = performance.now()
  for (let i = 0; i < iterations; i++) fn()
  return ((performance.now() - start) * 1e6) / iterations
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * Times a candidate against a baseline in interleaved rounds (so machine noise hits both alike),
 * each going first in every other round (so neither pays for the other's garbage more often),
 * and returns the median of the per-round ratios candidate / baseline.
 */
export function compare(
  baseline: () => unknown,
  candidate: () => unknown,
  { rounds, iterations }: { rounds: number; iterations: number },
): { baselineNs: number; candidateNs: number; ratio: number } {
  timePerCall(baseline, iterations) // warm-up
  timePerCall(candidate, iterations)
  const baselines: number[] = []
  const candidates: number[] = []
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    const baselineFirst = round % 2 === 0
    const first = timePerCall(baselineFirst ? baseline : candidate, iterations)
    const second = timePerCall(baselineFirst ? candidate : baseline, iterations)
    const [b, c] = baselineFirst ? [first, second] : [second, first]
    baselines.push(b)
    candidates.push(c)
    ratios.push(c / b)
  }
  return { baselineNs: median(baselines), candidateNs: median(candidates), ratio: median(ratios) }
}

export type Comparison = ReturnType<typeof compare>

/**
 * Times async runs of a baseline and a candidate, alternating, `rounds` times each, and returns
 * the ratio of the medians: for work whose duration varies run to run (a search for primes), two
 * independent runs make a noisy per-round ratio, while each median is steady.
 */
export async function compareRuns(
  baseline: () => Promise<unknown>,
  candidate: () => Promise<unknown>,
  { rounds }: { rounds: number },
): Promise<Comparison> {
  const timed = async (fn: () => Promise<unknown>) => {
    const start = performance.now()
    await fn()
    return (performance.now() - start) * 1e6
  }
  const baselines: number[] = []
  const candidates: number[] = []
  for (let round = 0; round < rounds; round++) {
    baselines.push(await timed(baseline))
    candidates.push(await timed(candidate))
  }
  const baselineNs = median(baselines)
  const candidateNs = median(candidates)
  return { baselineNs, candidateNs, ratio: candidateNs / baselineNs }
}

const duration = (ns: number) =>
  ns >= 1e9 ? `${(ns / 1e9).toFixed(2)} s` : `${(ns / 1000).toFixed(1)} µs`

/** Prints one result line; returns whether the ratio is within its target. */
export function report(
  name: string,
  result: Comparison,
  target: number,
  unit = 'request',
): boolean {
  const ok = result.ratio <= target
  console.log(
    `${name}: ratio ${result.ratio.toFixed(3)} (target ≤ ${target}) ${ok ? 'OK' : 'OVER TARGET'}` +
      ` — GateDesk ${duration(result.candidateNs)}/${unit}, baseline ${duration(result.baselineNs)}`,
  )
  return ok
}
