import { stat } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'
import { ExplainedError } from '../../preload/contract/platform/explained'
import { csvErrorOf } from '../platform/csv/csv-error'
import { explainedError } from '../platform/i18n/english'
import type { JobContext } from '../platform/jobs/job-runner'
import type { ScriptRef } from '../platform/workers/script-ref'
import { writeAtomically } from './export-file'
import { viewRowCount, type ViewFile } from './view-file'
import type { XlsxExportResult } from './xlsx-export'
import { xlsxSheets, type XlsxExportOptions } from './xlsx-sheets'
import type { XlsxWorkerFailure, XlsxWorkerJob, XlsxWorkerMessage } from './xlsx-worker-messages'

/**
 * The worker's heap. exceljs allocates fast: in main, V8's young generation grew to its largest
 * (the old one waiting for a full collection) and the export's peak RSS was 2.9× its CSV on 1M
 * rows. A young generation of 2 MB is collected often and stays small (npm run bench:xlsx: the
 * whole process 1.36× with 2 MB, 1.52× with 6 MB); the old one holds exceljs's live data with
 * room (a lower limit, 96 MB, measured no better).
 */
export const XLSX_WORKER_LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 256 }

/** A failure the worker reported, as main words it (a problem with the report file keeps its code). */
function workerError({ message, messageCode, params, csvCode }: XlsxWorkerFailure): Error {
  if (csvCode && messageCode)
    return csvErrorOf({ code: csvCode, messageCode, params: params ?? {} })
  if (messageCode) return new ExplainedError(message, messageCode, params)
  return explainedError('report-export.xlsx-failed', { reason: message })
}

/** Runs `job` in a worker thread started for it; aborting terminates the thread. */
function runXlsxWorker(
  script: ScriptRef,
  job: XlsxWorkerJob,
  { signal, progress }: JobContext,
): Promise<Omit<XlsxExportResult, 'bytes'>> {
  signal.throwIfAborted()
  const worker = new Worker(script.file, {
    execArgv: [...script.execArgv],
    resourceLimits: XLSX_WORKER_LIMITS,
  })
  return new Promise((resolve, reject) => {
    let outcome: { ok: Omit<XlsxExportResult, 'bytes'> } | { error: unknown } | null = null
    const abort = () => {
      outcome ??= { error: signal.reason }
      void worker.terminate()
    }
    signal.addEventListener('abort', abort, { once: true })
    worker.on('message', (message: XlsxWorkerMessage) => {
      if (message.kind === 'progress') progress(message.done, message.total)
      else if (message.kind === 'done')
        outcome ??= { ok: { rows: message.rows, sheets: message.sheets } }
      else outcome ??= { error: workerError(message.failure) }
    })
    // Out of memory, or a bug: said with Node's reason (the thread stops with it).
    worker.on('error', (error) => (outcome ??= { error: workerError({ message: error.message }) }))
    // Settled once the thread is gone: its part file is closed before it is renamed or removed.
    worker.on('exit', (exitCode) => {
      signal.removeEventListener('abort', abort)
      const settled = outcome ?? {
        error: workerError({ message: `the export thread stopped (exit code ${exitCode})` }),
      }
      if ('ok' in settled) resolve(settled.ok)
      else reject(settled.error)
    })
    worker.postMessage(job)
  })
}

/**
 * The view of a report as an XLSX workbook (see writeXlsx), written by a worker thread that reads
 * the view's rows from the report file itself: main only sends the job (the file, its index and
 * the view's order) and follows its progress. Written to `<target>.part`, renamed once complete.
 */
export async function exportViewXlsxInWorker(
  session: { viewFile(): Promise<ViewFile> },
  target: string,
  columns: readonly number[] | null,
  job: JobContext,
  options: XlsxExportOptions & { script: ScriptRef },
): Promise<XlsxExportResult> {
  const { script, ...xlsxOptions } = options
  const file = await session.viewFile()
  const sheets = xlsxSheets(viewRowCount(file), file.reportPath, xlsxOptions)
  let written = { rows: 0, sheets: 0 }
  await writeAtomically(target, async (part) => {
    written = await runXlsxWorker(script, { file, part, columns, sheets }, job)
  })
  job.progress(written.rows, written.rows)
  return { ...written, bytes: (await stat(target)).size }
}
