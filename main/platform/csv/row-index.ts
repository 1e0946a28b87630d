import { Worker } from 'node:worker_threads'
import { setImmediate } from 'node:timers/promises'
import { REPORT_PROBLEMS_MAX } from '../../../preload/contract/reports/report-limits'
import type { ScriptRef } from '../workers/script-ref'
import type { ByteProgress, FileTaskControl } from './byte-progress'
import {
  indexFailure,
  indexFileRows,
  type IndexJob,
  type IndexPart,
  type RowIndex,
} from './row-index-file'
import { checkedDelimiter } from './csv-format'
import { joinScans } from './row-scan-parts'
import { readSample, type SampleRequest } from './row-sample'
import { CsvError, csvErrorOf, fileChangedWhileRead, fileParam } from './csv-error'
import type { CsvProblem } from './csv-problem'

export type { RowIndex } from './row-index-file'

/** The job of indexing `file` (or a part of it) with these options. */
function indexJob(
  file: string,
  options: { delimiter: string; sample?: SampleRequest | undefined; part?: IndexPart | undefined },
): IndexJob {
  return {
    file,
    delimiter: checkedDelimiter(options.delimiter),
    maxProblems: REPORT_PROBLEMS_MAX,
    sample: options.sample ?? null,
    ...(options.part ? { part: options.part } : {}),
  }
}

/** What the index worker tells the thread that started it. */
export type IndexMessage =
  | { kind: 'progress'; progress: ByteProgress }
  | { kind: 'done'; index: RowIndex }
  | ({ kind: 'failed' } & CsvProblem)

/** The worker's memory: its heap holds the problems and little else (offsets are outside it). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 }

/**
 * A worker thread that indexes one file, or one part of it (`row-index-worker`). It may be
 * started before its file is known (starting a thread and loading its script takes tens of
 * milliseconds of CPU), and is then given it as a message.
 */
export interface IndexThread {
  /**
   * Indexes the rows of the byte-scannable CSV `file`, so the main thread stays free. Aborting
   * terminates the worker at once and rejects with the signal's reason (an AbortError unless
   * the caller gave another).
   */
  index(
    file: string,
    options: { delimiter: string; sample?: SampleRequest; part?: IndexPart },
    control?: FileTaskControl,
  ): Promise<RowIndex>
}

export function startIndexThread(script: ScriptRef): IndexThread {
  const worker = new Worker(script.file, {
    execArgv: [...script.execArgv],
    resourceLimits: WORKER_LIMITS,
  })
  // Waiting for its file, the thread must not keep the process alive.
  worker.unref()
  // A thread that failed before it was given its file says so when it is.
  let early: ThreadFailure | null = null
  const earlyError = (error: Error) => (early ??= { reason: error.message, cause: error })
  const earlyExit = (exitCode: number) => (early ??= { exitCode })
  worker.on('error', earlyError)
  worker.on('exit', earlyExit)
  let given = false

  return {
    index(file, options, { signal, onProgress } = {}) {
      return new Promise((resolve, reject) => {
        if (given) throw new Error('An index thread indexes one file.')
        given = true
        worker.off('error', earlyError)
        worker.off('exit', earlyExit)
        if (signal?.aborted) {
          void worker.terminate()
          reject(signal.reason)
          return
        }
        const job = indexJob(file, options)
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
        // A thread that stopped is worded by its exit code; any other failure gives its reason.
        const failed = (failure: ThreadFailure) =>
          settle(() =>
            reject(
              'exitCode' in failure
                ? new CsvError(
                    'index-failed',
                    { ...fileParam(file), exitCode: failure.exitCode },
                    { messageCode: 'report.csv.index-stopped' },
                  )
                : new CsvError(
                    'index-failed',
                    { ...fileParam(file), reason: failure.reason },
                    { cause: failure.cause },
                  ),
            ),
          )
        if (early) {
          failed(early)
          return
        }
        signal?.addEventListener('abort', abort, { once: true })
        worker.on('message', (message: IndexMessage) => {
          if (message.kind === 'progress') {
            if (!settled) onProgress?.(message.progress)
          } else if (message.kind === 'done') {
            settle(() => resolve(message.index))
          } else {
            settle(() => reject(csvErrorOf(message)))
          }
        })
        worker.on('error', (error) => failed({ reason: error.message, cause: error }))
        worker.on('exit', (exitCode) => failed({ exitCode }))
        worker.ref()
        worker.postMessage(job)
      })
    },
  }
}

/**
 * An IndexThread that is the calling thread itself, for a caller that only waits meanwhile (the
 * command line): it saves a worker's start, about 45 ms of CPU. It gives the event loop a turn
 * before each 1 MiB read, so messages and signals wait at most one read's scan.
 */
export function indexInThisThread(): IndexThread {
  let given = false
  return {
    async index(file, options, { signal, onProgress } = {}) {
      if (given) throw new Error('An index thread indexes one file.')
      given = true
      const pause = async () => {
        await setImmediate()
        signal?.throwIfAborted()
      }
      try {
        return await indexFileRows(
          indexJob(file, options),
          (progress) => onProgress?.(progress),
          pause,
        )
      } catch (error) {
        if (signal?.aborted) throw signal.reason
        throw csvErrorOf(indexFailure(error, file), error)
      }
    },
  }
}

/** Why an index thread failed: its error's reason, or the exit code it stopped with. */
type ThreadFailure = { reason: string; cause: unknown } | { exitCode: number }

/** Indexes `file` in a worker thread started for it (see IndexThread). */
export function indexRows(
  script: ScriptRef,
  file: string,
  options: { delimiter: string; sample?: SampleRequest },
  control: FileTaskControl = {},
): Promise<RowIndex> {
  return startIndexThread(script).index(file, options, control)
}

/**
 * Files smaller than this are indexed by one thread. A second thread saves little below it (on
 * 1M rows, 136 MB, one thread indexes about as fast as a bare scan) and costs 10–20 MB of
 * memory that the allocator keeps after it ends: most of the index's own memory at that size.
 */
export const TWO_PARTS_MIN_BYTES = 256 * 1024 * 1024

/**
 * Indexes `file` with two threads at once, the second from `cut` (a guessed row start, see
 * cutAfterLineBreak) on, the header having `headerFieldCount` fields. When the first thread
 * finds the cut fell inside a quoted field, it scans the whole file itself and the second's
 * work is dropped. `fd` (the file, open) reads the sample once the parts are joined.
 */
export async function indexInTwoParts(
  threads: [IndexThread, IndexThread],
  file: string,
  options: { delimiter: string; sample?: SampleRequest },
  part: { cut: number; headerFieldCount: number; fd: number },
  { signal, onProgress }: FileTaskControl = {},
): Promise<RowIndex> {
  const restStop = new AbortController()
  const restSignal = signal ? AbortSignal.any([signal, restStop.signal]) : restStop.signal
  const done = [0, 0]
  const progress = (which: number) => (next: ByteProgress) => {
    done[which] = next.bytesDone
    onProgress?.({ bytesDone: done[0]! + done[1]!, bytesTotal: next.bytesTotal })
  }
  const first = threads[0].index(
    file,
    { delimiter: options.delimiter, part: { kind: 'first', end: part.cut } },
    { ...(signal ? { signal } : {}), onProgress: progress(0) },
  )
  const rest = threads[1].index(
    file,
    {
      delimiter: options.delimiter,
      part: { kind: 'rest', start: part.cut, headerFieldCount: part.headerFieldCount },
    },
    { signal: restSignal, onProgress: progress(1) },
  )
  // The first part's failure is the index's; the rest's, once the first needs it.
  rest.catch(() => {})
  let head: RowIndex
  try {
    head = await first
  } catch (error) {
    restStop.abort()
    throw error
  }
  const { cut, ...firstScan } = head
  let joined: RowIndex
  if (!cut?.betweenRows) {
    restStop.abort()
    joined = firstScan
  } else {
    const tail = await rest
    // Both parts read the same header and the same file, unless it changed in between.
    if (
      firstScan.headerFieldCount !== part.headerFieldCount ||
      tail.fileSize !== firstScan.fileSize ||
      tail.mtimeMs !== firstScan.mtimeMs
    ) {
      throw fileChangedWhileRead(file)
    }
    joined = {
      ...joinScans(firstScan, cut.line, tail, REPORT_PROBLEMS_MAX),
      fileSize: firstScan.fileSize,
      mtimeMs: firstScan.mtimeMs,
    }
  }
  const sample = options.sample ? readSample(part.fd, joined, options.sample) : undefined
  return sample ? { ...joined, sample } : joined
}
