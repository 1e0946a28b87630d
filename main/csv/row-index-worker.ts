// Worker thread entry: indexes one CSV file (see indexRows in row-index.ts).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { throttledProgress } from './byte-progress'
import { CsvError, fileLabel, fileSystemError } from './csv-error'
import type { IndexJob, IndexMessage, RowIndex } from './row-index'
import { RowScanner } from './row-scanner'

/** Large reads into one reused buffer: the scan, not the system calls, sets the pace. */
const CHUNK_BYTES = 8 * 1024 * 1024

function indexFile(job: IndexJob, post: (message: IndexMessage) => void): RowIndex {
  const fd = openFile(job.file)
  try {
    const before = fstatSync(fd)
    const scanner = new RowScanner({
      delimiter: job.delimiter.charCodeAt(0),
      maxProblems: job.maxProblems,
    })
    const report = throttledProgress((progress) => post({ kind: 'progress', progress }))
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES)
    let position = 0
    for (let bytesRead; (bytesRead = readSync(fd, buffer, 0, CHUNK_BYTES, position)) > 0;) {
      scanner.feed(buffer.subarray(0, bytesRead))
      position += bytesRead
      report({ bytesDone: position, bytesTotal: before.size })
    }
    const after = fstatSync(fd)
    if (
      position !== before.size ||
      after.size !== before.size ||
      after.mtimeMs !== before.mtimeMs
    ) {
      throw new CsvError(
        'file-changed',
        `${fileLabel(job.file)} changed while GateDesk was reading it. Wait until it is complete, then open it again.`,
      )
    }
    return { ...scanner.finish(), fileSize: before.size, mtimeMs: before.mtimeMs }
  } finally {
    closeSync(fd)
  }
}

function openFile(file: string): number {
  try {
    return openSync(file, 'r')
  } catch (error) {
    throw fileSystemError(file, error)
  }
}

function failure(error: unknown, file: string): IndexMessage {
  const known = error instanceof CsvError ? error : fileSystemError(file, error)
  return { kind: 'failed', code: known.code, message: known.message }
}

const port = parentPort!
const job = workerData as IndexJob
try {
  const index = indexFile(job, (message) => port.postMessage(message))
  const message: IndexMessage = { kind: 'done', index }
  // Transferred, not copied: 10M rows make 80 MB of offsets.
  port.postMessage(message, [index.offsets.buffer as ArrayBuffer])
} catch (error) {
  port.postMessage(failure(error, job.file))
}
