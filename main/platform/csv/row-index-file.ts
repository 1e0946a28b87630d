import { closeSync, fstatSync, readSync } from 'node:fs'
import { throttledProgress, type ProgressListener } from './byte-progress'
import {
  changedWhileRead,
  CsvProblemError,
  fileSystemProblem,
  type CsvProblem,
} from './csv-problem'
import { reopenReportFileSync } from './regular-file'
import type { RowScan } from './row-scan'
import { readSample, type RowSample, type SampleRequest } from './row-sample'
import { RowScanner } from './row-scanner'

/*
 * The work of an index thread (row-index.ts), in whichever thread runs it: a worker thread, or
 * the command line's main thread, which only waits meanwhile.
 */

/** Where every row of a file is, and the file as it was when scanned. */
export interface RowIndex extends RowScan {
  /** Size and modification time at scan time: reading rows checks the file still matches. */
  fileSize: number
  mtimeMs: number
  /** The rows sampled across the file, when asked for. */
  sample?: RowSample
  /**
   * For the first part of a scan in two parts: whether the cut fell between rows (this index
   * then covers the rows before it, and the line the cut is on), else it covers the whole file.
   */
  cut?: { betweenRows: boolean; line: number }
}

/** What the index worker is asked to do. */
export interface IndexJob {
  file: string
  delimiter: string
  maxProblems: number
  sample: SampleRequest | null
  /** Only a part of the file, for a scan in two parts at once (see indexInTwoParts). */
  part?: IndexPart
}

/**
 * The part of a file a thread scans: up to `end` (a guessed row start: past it only if the
 * guess was wrong), or from `start` on, the header (of `headerFieldCount` fields) before it.
 */
export type IndexPart =
  { kind: 'first'; end: number } | { kind: 'rest'; start: number; headerFieldCount: number }

/**
 * Reads into one reused buffer, small enough to stay in the CPU's cache between the read that
 * fills it and the scan (and to cost little memory), large enough that the system calls cost
 * nothing next to the scan.
 */
const CHUNK_BYTES = 1024 * 1024

/**
 * Indexes the file or part `job` names. `pause`, when given, runs before each read: the calling
 * thread's turn for its other work (and the place to stop a cancelled scan).
 */
export async function indexFileRows(
  job: IndexJob,
  onProgress: ProgressListener,
  pause?: () => Promise<void>,
): Promise<RowIndex> {
  const fd = reopenReportFileSync(job.file)
  try {
    const before = fstatSync(fd)
    const { part } = job
    const scanner = new RowScanner({
      delimiter: job.delimiter.charCodeAt(0),
      maxProblems: job.maxProblems,
      fileSize: before.size,
      ...(part?.kind === 'rest'
        ? { continueAt: { offset: part.start, headerFieldCount: part.headerFieldCount } }
        : {}),
    })
    const start = part?.kind === 'rest' ? part.start : 0
    const report = throttledProgress(onProgress)
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES)
    let position = start
    const scanTo = async (end: number) => {
      for (let bytesRead; position < end; position += bytesRead) {
        if (pause) await pause()
        bytesRead = readSync(fd, buffer, 0, Math.min(CHUNK_BYTES, end - position), position)
        if (bytesRead === 0) break
        scanner.feed(buffer.subarray(0, bytesRead))
        report({ bytesDone: position + bytesRead - start, bytesTotal: before.size })
      }
    }
    let cut: RowIndex['cut']
    let end = before.size
    if (part?.kind === 'first') {
      await scanTo(part.end)
      // At the cut, between rows: the other part's scan holds. Else it was cut inside a quoted
      // field, and this part goes on to the end of the file itself.
      cut = { betweenRows: scanner.betweenRows, line: scanner.currentLine }
      if (cut.betweenRows) end = part.end
      else await scanTo(Infinity)
    } else {
      await scanTo(Infinity)
    }
    const scan = scanner.finish()
    const sample = job.sample ? readSample(fd, scan, job.sample) : undefined
    const after = fstatSync(fd)
    if (position !== end || after.size !== before.size || after.mtimeMs !== before.mtimeMs) {
      throw new CsvProblemError(changedWhileRead(job.file))
    }
    return {
      ...scan,
      fileSize: before.size,
      mtimeMs: before.mtimeMs,
      ...(sample ? { sample } : {}),
      ...(cut ? { cut } : {}),
    }
  } finally {
    closeSync(fd)
  }
}

/** Why indexing `file` failed, as code and values: the thread that words it has the catalog. */
export function indexFailure(error: unknown, file: string): CsvProblem {
  const { code, messageCode, params } =
    error instanceof CsvProblemError ? error : fileSystemProblem(file, error)
  return { code, messageCode, params }
}
