import { readSync } from 'node:fs'
import type { RowScan } from './row-scan'

/** Which rows to sample across the file while indexing (to detect column types, say). */
export interface SampleRequest {
  /** Rows before this one are not sampled (the caller has them already). */
  fromRow: number
  /** Evenly spaced windows of `windowRows` rows each, from `fromRow` on. */
  windows: number
  windowRows: number
}

/** The bytes of the sampled rows, read by the worker right after the scan. */
export interface RowSample {
  /** Each window: rows [from, to), and the file's bytes from offsets[from] to offsets[to]. */
  windows: { from: number; to: number; bytes: Uint8Array }[]
}

/**
 * The bytes of evenly spaced windows of rows of the file open at `fd`, read right after the
 * scan, while the file is in the page cache: the caller parses them without reading it again.
 */
export function readSample(fd: number, scan: RowScan, request: SampleRequest): RowSample {
  const { offsets, rowCount } = scan
  const step = Math.max(Math.floor(rowCount / request.windows), request.windowRows)
  const windows: RowSample['windows'] = []
  for (let from = request.fromRow; from < rowCount; from += step) {
    const to = Math.min(rowCount, from + request.windowRows)
    const start = offsets[from]!
    // Not from Buffer's shared pool: each may be transferred.
    const bytes = new Uint8Array(offsets[to]! - start)
    for (let done = 0; done < bytes.length;) {
      const bytesRead = readSync(fd, bytes, done, bytes.length - done, start + done)
      if (bytesRead === 0) break
      done += bytesRead
    }
    windows.push({ from, to, bytes })
  }
  return { windows }
}
