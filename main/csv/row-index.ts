import { Worker } from 'node:worker_threads'
import { REPORT_PROBLEMS_MAX } from '../../preload/contract/report-view'
import type { ScriptRef } from '../workers/script-ref'
import type { ByteProgress, FileTaskControl } from './byte-progress'
import { checkedDelimiter } from './csv-format'
import { CsvError, fileLabel, type CsvErrorCode } from './csv-error'
import type { RowScan } from './row-scanner'

/** Where every row of a file is, and the file as it was when scanned. */
export interface RowIndex extends RowScan {
  /** Size and modification time at scan time: reading rows checks the file still matches. */
  fileSize: number
  mtimeMs: number
}

/** What the index worker is asked to do. */
export interface IndexJob {
  file: string
  delimiter: string
  maxProblems: number
}

/** What the index worker tells the thread that started it. */
export type IndexMessage =
  | { kind: 'progress'; progress: ByteProgress }
  | { kind: 'done'; index: RowIndex }
  | { kind: 'failed'; code: CsvErrorCode; message: string }

/**
 * Indexes the rows of the byte-scannable CSV `file` in a worker thread (`row-index-worker`),
 * so the main thread stays free. Aborting terminates the worker at once and rejects with the
 * signal's reason (an AbortError unless the caller gave another).
 */
export function indexRows(
  script: ScriptRef,
  file: string,
  options: { delimiter: string },
  { signal, onProgress }: FileTaskControl = {},
): Promise<RowIndex> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const job: IndexJob = {
      file,
      delimiter: checkedDelimiter(options.delimiter),
      maxProblems: REPORT_PROBLEMS_MAX,
    }
    const worker = new Worker(script.file, { execArgv: [...script.execArgv], workerData: job })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', abort)
      outcome()
    }
    const abort = () => {
      settle(() => reject(signal!.reason))
      void worker.terminate()
    }
    const failed = (reason: string, cause?: unknown) =>
      settle(() =>
        reject(
          new CsvError('index-failed', `GateDesk could not index ${fileLabel(file)}: ${reason}`, {
            cause,
          }),
        ),
      )
    signal?.addEventListener('abort', abort, { once: true })
    worker.on('message', (message: IndexMessage) => {
      if (message.kind === 'progress') {
        if (!settled) onProgress?.(message.progress)
      } else if (message.kind === 'done') {
        settle(() => resolve(message.index))
      } else {
        settle(() => reject(new CsvError(message.code, message.message)))
      }
    })
    worker.on('error', (error) => failed(error.message, error))
    worker.on('exit', (code) => failed(`the indexing thread stopped (exit code ${code}).`))
  })
}
