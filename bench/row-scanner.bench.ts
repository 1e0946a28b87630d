// The row scanner alone, with its SIMD kernel against its state machine alone, on CSV files
// already in the page cache, fed in the row index's 1 MiB reads, in one thread, its offsets in
// the buffer the row index reserves (fileSize). Interleaved rounds, each path going first in
// every other round; prints the CPU time (user + system: on a shared machine the wall clock
// counts other processes' turns) of the scanner's calls alone, reads apart, in ns per byte, and
// the median of the per-round ratios, with the load average before and after.
//
//   npm run bench:scanner -- --file /tmp/e22/r1m.csv [--file …] [--rounds 5]
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { RowScanner } from '../main/platform/csv/row-scanner'
import { median } from './measure'

const CHUNK_BYTES = 1024 * 1024

const { values } = parseArgs({
  options: {
    file: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '5' },
  },
  allowPositionals: true,
})
const rounds = Number(values.rounds)

/** CPU microseconds of `work`. */
function cpuTime(work: () => void): number {
  const start = process.cpuUsage()
  work()
  const { user, system } = process.cpuUsage(start)
  return user + system
}

/** CPU milliseconds the scanner took on `file`; its rows, to check both paths agree. */
function scan(file: string, simd: boolean, chunk: Buffer): { ms: number; rows: number } {
  const fileSize = statSync(file).size
  const scanner = new RowScanner({ delimiter: 0x2c, maxProblems: 1000, simd, fileSize })
  const fd = openSync(file, 'r')
  let microseconds = 0
  try {
    for (let bytesRead; (bytesRead = readSync(fd, chunk, 0, CHUNK_BYTES, null)) > 0;) {
      microseconds += cpuTime(() => scanner.feed(chunk.subarray(0, bytesRead)))
    }
  } finally {
    closeSync(fd)
  }
  let rows = 0
  microseconds += cpuTime(() => (rows = scanner.finish().rowCount))
  return { ms: microseconds / 1000, rows }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
const chunk = Buffer.alloc(CHUNK_BYTES)
for (const file of values.file) {
  const size = statSync(file).size
  const nsPerByte = (ms: number) => ((ms * 1e6) / size).toFixed(3)
  console.log(`${file}: ${(size / 1e6).toFixed(0)} MB, load average ${load()}`)
  scan(file, false, chunk) // warm-up, and the file into the page cache
  scan(file, true, chunk)
  const times = { js: [] as number[], kernel: [] as number[] }
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [false, true] : [true, false]
    const [first, second] = order.map((simd) => ({ simd, ...scan(file, simd, chunk) }))
    if (first!.rows !== second!.rows)
      throw new Error(`rows differ: ${first!.rows}, ${second!.rows}`)
    const [js, kernel] = first!.simd ? [second!.ms, first!.ms] : [first!.ms, second!.ms]
    times.js.push(js)
    times.kernel.push(kernel)
    ratios.push(js / kernel)
  }
  console.log(
    `  state machine ${nsPerByte(median(times.js))} ns/B, SIMD kernel ` +
      `${nsPerByte(median(times.kernel))} ns/B: ${median(ratios).toFixed(2)}× faster ` +
      `(median of ${rounds} rounds), load average ${load()}`,
  )
}
