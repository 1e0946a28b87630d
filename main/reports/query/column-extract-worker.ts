import { parentPort, Worker, workerData } from 'node:worker_threads'
import { extractColumns, type ExtractedColumns, type ExtractOptions } from './column-extract'

/** One part of a file to extract in a worker thread. */
export interface ExtractJob {
  file: string
  target: string
  options: Omit<ExtractOptions, 'stopped'>
}

type ExtractReply = { ok: true; result: ExtractedColumns } | { ok: false; message: string }

/** The worker's memory: it holds a read buffer, a write buffer and one row at a time. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 }

/**
 * Runs `extractColumns` for one part of a file in a worker thread of the query process, which
 * runs `script` (the query process's own entry: in a worker thread it extracts). Aborting
 * terminates the worker at once.
 */
export function extractInWorker(
  script: string,
  job: ExtractJob,
  signal: AbortSignal,
): Promise<ExtractedColumns> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted()
    const worker = new Worker(script, { workerData: job, resourceLimits: WORKER_LIMITS })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      signal.removeEventListener('abort', abort)
      outcome()
    }
    const abort = () => {
      settle(() => reject(signal.reason))
      void worker.terminate()
    }
    signal.addEventListener('abort', abort, { once: true })
    worker.once('message', (reply: ExtractReply) =>
      settle(() => (reply.ok ? resolve(reply.result) : reject(new Error(reply.message)))),
    )
    worker.once('error', (error) => settle(() => reject(error)))
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the extracting thread stopped (exit code ${code})`))),
    )
  })
}

/** In the worker thread: extracts the job it was given and replies once. */
export function runExtractionWorker(): void {
  const port = parentPort!
  const job = workerData as ExtractJob
  extractColumns(job.file, job.target, job.options).then(
    (result) => port.postMessage({ ok: true, result } satisfies ExtractReply),
    (error: unknown) =>
      port.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ExtractReply),
  )
}
