import { fstatSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import type { FileTaskControl } from '../platform/csv/byte-progress'
import type { OpenCsvFile } from '../platform/csv/csv-file'
import { fileSystemError } from '../platform/csv/csv-error'
import type { CsvHead } from '../platform/csv/head-reader'
import {
  indexInThisThread,
  indexInTwoParts,
  startIndexThread,
  TWO_PARTS_MIN_BYTES,
  type RowIndex,
} from '../platform/csv/row-index'
import type { SampleRequest } from '../platform/csv/row-sample'
import { cutAfterLineBreak } from '../platform/csv/row-scan-parts'
import type { ScriptRef } from '../platform/workers/script-ref'

/** How far past the middle of a large file a row start is looked for, to index it in two parts. */
const CUT_SEARCH_BYTES = 64 * 1024

/** Where a report's index is scanned, for a caller whose thread only waits meanwhile. */
export interface IndexPlacement {
  /** The first (or only) part in the calling thread, not a worker (see indexInThisThread). */
  firstPartHere?: boolean
  /**
   * Files of this many bytes or more are scanned in two parts at once (TWO_PARTS_MIN_BYTES
   * unless given; Infinity: never). While DuckDB reads the same file on both cores, a second
   * thread only competes with it: the command line asking DuckDB scans 10M rows in one part
   * (sort, filter, totals and a pivot 0.05-0.1 s sooner, 0.15 CPU-s less; a plain last window
   * waits 0.2 s longer).
   */
  twoPartsFrom?: number
}

/** The threads that index a report: worker threads of `script`, or as `placement` says. */
export interface IndexThreads extends IndexPlacement {
  script: ScriptRef
}

/**
 * Indexes the file in a worker thread; a large file in two parts at once, in two threads, cut
 * in its middle where a row seems to start (the first thread checks it, see indexInTwoParts),
 * when there are two cores or more.
 */
export async function indexFile(
  file: OpenCsvFile,
  head: CsvHead,
  { script, firstPartHere, twoPartsFrom = TWO_PARTS_MIN_BYTES }: IndexThreads,
  sample: SampleRequest,
  control: FileTaskControl,
): Promise<RowIndex> {
  const options = { delimiter: file.format.delimiter, sample }
  const cut = availableParallelism() >= 2 ? await middleCut(file, head, twoPartsFrom) : null
  const first = firstPartHere ? indexInThisThread() : startIndexThread(script)
  if (cut === null) return first.index(file.path, options, control)
  const part = { cut, headerFieldCount: head.headerFieldCount, fd: file.handle.fd }
  return indexInTwoParts([first, startIndexThread(script)], file.path, options, part, control)
}

/** Where a row seems to start in the middle of a file of `twoPartsFrom` bytes or more, else null. */
async function middleCut(
  file: OpenCsvFile,
  head: CsvHead,
  twoPartsFrom: number,
): Promise<number | null> {
  const size = fstatSync(file.handle.fd).size
  if (size < twoPartsFrom) return null
  const middle = Math.floor(size / 2)
  const { buffer, bytesRead } = await file.handle
    .read(Buffer.alloc(CUT_SEARCH_BYTES), 0, CUT_SEARCH_BYTES, middle)
    .catch((error: unknown) => {
      throw fileSystemError(file.path, error)
    })
  return cutAfterLineBreak(buffer.subarray(0, bytesRead), middle, {
    delimiter: file.format.delimiter.charCodeAt(0),
    headerFieldCount: head.headerFieldCount,
  })
}
