import { Worker } from 'node:worker_threads'
import type { ScriptRef } from '../../platform/workers/script-ref'
import { CsvProblemError, type CsvProblem } from '../../platform/csv/csv-problem'
import type { ExtractedColumns, ExtractOptions } from './column-extract'
import { QueryError } from './query-error'

/** One part of a file to extract in a worker thread. */
export interface ExtractJob {
  file: string
  target: string
  options: Omit<ExtractOptions, 'stopped'>
}

/** The thread's one reply to each job. */
export type ExtractReply =
  { ok: true; result: ExtractedColumns } | { ok: false; message: string; problem?: CsvProblem }

/** The worker's memory: it holds a read buffer, a write buffer and one row at a time. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 }

/** A worker thread of the query process that extracts parts of files, one at a time. */
export interface ExtractionThread {
  /** Extracts `job`; aborting terminates the thread at once (the next job starts another). */
  extract(job: ExtractJob, signal: AbortSignal): Promise<ExtractedColumns>
}

/**
 * A thread running `script` (column-extract.worker.ts), started by the first job and kept for the
 * next. Not started ahead: DuckDB reads most reports itself, and a thread started for nothing
 * costs tens of milliseconds of CPU while the process starts and DuckDB loads.
 */
export function extractionThread(script: ScriptRef): ExtractionThread {
  let worker: Worker | null = null
  const start = () => {
    const started = new Worker(script.file, {
      execArgv: [...script.execArgv],
      resourceLimits: WORKER_LIMITS,
    })
    // Idle, it keeps nothing alive; a failure while idle only means the next job starts another.
    started.unref()
    started.on('error', () => {})
    started.once('exit', () => {
      if (worker === started) worker = null
    })
    return started
  }
  return {
    extract(job, signal) {
      return new Promise((resolve, reject) => {
        signal.throwIfAborted()
        const current = (worker ??= start())
        current.ref()
        let settled = false
        const settle = (outcome: () => void, keep: boolean) => {
          if (settled) return
          settled = true
          signal.removeEventListener('abort', abort)
          current.off('message', onReply)
          current.off('error', onError)
          current.off('exit', onExit)
          if (keep) current.unref()
          else {
            if (worker === current) worker = null
            void current.terminate()
          }
          outcome()
        }
        const abort = () => settle(() => reject(signal.reason), false)
        const onReply = (reply: ExtractReply) =>
          settle(
            () =>
              reply.ok
                ? resolve(reply.result)
                : reject(
                    reply.problem ? new CsvProblemError(reply.problem) : new Error(reply.message),
                  ),
            true,
          )
        const onError = (error: Error) => settle(() => reject(error), false)
        const onExit = (code: number) =>
          settle(
            () =>
              reject(
                new QueryError('failed', 'report.query.extraction-stopped', { exitCode: code }),
              ),
            false,
          )
        signal.addEventListener('abort', abort, { once: true })
        current.on('message', onReply)
        current.on('error', onError)
        current.on('exit', onExit)
        current.postMessage(job)
      })
    },
  }
}
