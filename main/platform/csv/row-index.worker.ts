// Worker thread entry: indexes one CSV file (see indexRows in row-index.ts).
import { closeSync, fstatSync, readSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { throttledProgress } from './byte-progress'
import { changedWhileRead, CsvProblemError, fileSystemProblem } from './csv-problem'
import { reopenReportFileSync } from './regular-file'
import type { IndexJob, IndexMessage, RowIndex } from './row-index'
import { readSample } from './row-sample'
import { RowScanner } from './row-scanner'

/**
 * Reads into one reused buffer, small enough to stay in the CPU's cache between the read that
 * fills it and the scan (and to cost little memory), large enough that the system calls cost
 * nothing next to the scan.
 */
const CHUNK_BYTES = 1024 * 1024

function indexFile(job: IndexJob, post: (message: IndexMessage) => void): RowIndex {
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
    const report = throttledProgress((progress) => post({ kind: 'progress', progress }))
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES)
    let position = start
    const scanTo = (end: number) => {
      for (let bytesRead; position < end; position += bytesRead) {
        bytesRead = readSync(fd, buffer, 0, Math.min(CHUNK_BYTES, end - position), position)
        if (bytesRead === 0) break
        scanner.feed(buffer.subarray(0, bytesRead))
        report({ bytesDone: position + bytesRead - start, bytesTotal: before.size })
      }
    }
    let cut: RowIndex['cut']
    let end = before.size
    if (part?.kind === 'first') {
      scanTo(part.end)
      // At the cut, between rows: the other part's scan holds. Else it was cut inside a quoted
      // field, and this part goes on to the end of the file itself.
      cut = { betweenRows: scanner.betweenRows, line: scanner.currentLine }
      if (cut.betweenRows) end = part.end
      else scanTo(Infinity)
    } else {
      scanTo(Infinity)
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

/** A failure as code and values: main words it (this thread has no catalog). */
function failure(error: unknown, file: string): IndexMessage {
  const { code, messageCode, params } =
    error instanceof CsvProblemError ? error : fileSystemProblem(file, error)
  return { kind: 'failed', code, messageCode, params }
}

const port = parentPort!
// The thread starts before its file is known (see startIndexThread): the job comes as a message.
port.once('message', (job: IndexJob) => {
  try {
    const index = indexFile(job, (message) => port.postMessage(message))
    const message: IndexMessage = { kind: 'done', index }
    // Transferred, not copied: 10M rows make 80 MB of offsets.
    const sampled = index.sample?.windows.map((window) => window.bytes.buffer as ArrayBuffer) ?? []
    port.postMessage(message, [index.offsets.buffer as ArrayBuffer, ...sampled])
  } catch (error) {
    port.postMessage(failure(error, job.file))
  }
  port.close()
})
