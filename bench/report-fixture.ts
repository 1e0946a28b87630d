// Helpers of the report engine's benchmark: the generated report file, and peak memory from /proc.
import { fork } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

/** Set in the child process that writes the report: `{"file", "rows"}`. */
const GENERATE_ENV = 'GATEDESK_BENCH_GENERATE'

/** Transaction_id of data row `row` in the sandbox's generated report. */
export const generatedTransactionId = (row: number) => String(5_000_000_000 + row)

/**
 * Writes the report in a child process (this same script, `entry`), so that none of the
 * generator's garbage stays in the heap whose peak the benchmark measures.
 */
export function generateReport(entry: string, file: string, rows: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(entry, [], {
      env: { ...process.env, [GENERATE_ENV]: JSON.stringify({ file, rows }) },
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`generating the report failed (${signal ?? `exit code ${code}`})`)),
    )
  })
}

/** In the generator's child process: writes the report and returns true. */
export async function generateIfAsked(): Promise<boolean> {
  const asked = process.env[GENERATE_ENV]
  if (asked === undefined) return false
  const { file, rows } = JSON.parse(asked) as { file: string; rows: number }
  // Loaded here only: the sandbox's modules (and zod) stay out of the measured process.
  const { writeGeneratedReport } = await import('./report-generator')
  await writeGeneratedReport(file, rows)
  return true
}

/** VmRSS and VmHWM (peak) of a process, in bytes; null once it has gone. */
export function processMemory(pid: number | 'self'): { rss: number; peak: number } | null {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return null
  }
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 }
}

/** Resets this process's VmHWM to its current RSS (Linux); false where that is not allowed. */
export function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    return true
  } catch {
    return false
  }
}

/**
 * The peak RSS of this process (and of `children()`, summed at each sample) while it runs:
 * sampled every 20 ms, and this process's VmHWM (reset at start) so that no spike between two
 * samples is missed.
 */
export class PeakMemory {
  private timer: NodeJS.Timeout | null = null
  private exact = false
  /** This process alone. */
  self = 0
  /** This process plus the children, at the same sample. */
  together = 0
  /** Each child's own peak (VmHWM), by pid. */
  readonly childPeaks = new Map<number, number>()

  constructor(private readonly children: () => readonly number[] = () => []) {}

  start(): void {
    this.exact = resetPeak()
    this.sample()
    this.timer = setInterval(() => this.sample(), 20)
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.sample()
    if (this.exact) this.self = Math.max(this.self, processMemory('self')?.peak ?? 0)
  }

  /** This process's peak plus each child's peak: at least the highest sum at any moment. */
  get selfPlusChildPeaks(): number {
    let sum = this.self
    for (const peak of this.childPeaks.values()) sum += peak
    return sum
  }

  private sample(): void {
    const self = process.memoryUsage.rss()
    let together = self
    for (const pid of this.children()) {
      const memory = processMemory(pid)
      if (!memory) continue
      together += memory.rss
      this.childPeaks.set(pid, Math.max(this.childPeaks.get(pid) ?? 0, memory.peak))
    }
    this.self = Math.max(this.self, self)
    this.together = Math.max(this.together, together)
  }
}
