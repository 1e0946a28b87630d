import { performance } from 'node:perf_hooks'

/** Nanoseconds per call of `fn`, over `iterations` calls. */
function timePerCall(fn: () => unknown, iterations: number): number {
  const start = performance.now()
  for (let i = 0; i < iterations; i++) fn()
  return ((performance.now() - start) * 1e6) / iterations
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * Times a candidate against a baseline in interleaved rounds (so machine noise hits both alike)
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
    const b = timePerCall(baseline, iterations)
    const c = timePerCall(candidate, iterations)
    baselines.push(b)
    candidates.push(c)
    ratios.push(c / b)
  }
  return { baselineNs: median(baselines), candidateNs: median(candidates), ratio: median(ratios) }
}

/** Prints one result line; returns whether the ratio is within its target. */
export function report(name: string, result: ReturnType<typeof compare>, target: number): boolean {
  const ok = result.ratio <= target
  const micros = (ns: number) => `${(ns / 1000).toFixed(1)} µs`
  console.log(
    `${name}: ratio ${result.ratio.toFixed(3)} (target ≤ ${target}) ${ok ? 'OK' : 'OVER TARGET'}` +
      ` — GateDesk ${micros(result.candidateNs)}/request, baseline ${micros(result.baselineNs)}`,
  )
  return ok
}
