import { stat } from 'node:fs/promises'
import { changedSinceOpened, CsvProblemError, fileSystemProblem } from './csv-problem'
import { rowReader, type OpenCsvFile } from './csv-file'
import { rowsFields } from './row-fields'
import type { RowIndex } from './row-index'

// Rows are read in main and in the XLSX export's thread, which has no catalog: a problem with
// the file is a CsvProblemError (code and values), which main words (asCsvError).

/** An open CSV file with the index of its rows. */
export interface IndexedCsvFile extends OpenCsvFile {
  index: RowIndex
}

/** Rows this close in the file are read in one go, the bytes between them skipped. */
const MERGE_GAP_BYTES = 64 * 1024

/** Rows [from, to) in one read: the fields of each, exactly as in the file after unquoting. */
export async function readRowRange(
  file: IndexedCsvFile,
  from: number,
  to: number,
): Promise<string[][]> {
  const { rowCount } = file.index
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || from > to || to > rowCount) {
    throw new RangeError(`rows [${from}, ${to}) are not within the ${rowCount} rows of the file`)
  }
  const ids = Array.from({ length: to - from }, (_, offset) => from + offset)
  const span = await readSpan(file, { first: from, last: to - 1, ids })
  await checkUnchanged(file)
  return span.rows()
}

/**
 * The rows with these ids, in this order (a sorted or filtered view): ids near each other in
 * the file are read together, one read per run.
 */
export async function readRowsById(
  file: IndexedCsvFile,
  ids: readonly number[],
): Promise<string[][]> {
  const { rowCount } = file.index
  const bad = ids.find((id) => !Number.isInteger(id) || id < 0 || id >= rowCount)
  if (bad !== undefined) throw new RangeError(`row ${bad} is not within the ${rowCount} rows`)
  const spans = await Promise.all(runsOf(ids, file.index).map((run) => readSpan(file, run)))
  await checkUnchanged(file)
  const fieldsOf = new Map<number, string[]>()
  for (const span of spans) span.rows().forEach((row, k) => fieldsOf.set(span.ids[k]!, row))
  return ids.map((id) => fieldsOf.get(id)!)
}

/** Rows `ids` (distinct, in file order), all within rows [first, last]. */
interface Run {
  first: number
  last: number
  ids: number[]
}

interface Span extends Run {
  /** The fields of each row of `ids`, in that order. */
  rows(): string[][]
}

/** Distinct ids in file order, grouped into runs of rows that lie close together. */
function runsOf(ids: readonly number[], index: RowIndex): Run[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  const runs: Run[] = []
  for (const id of sorted) {
    const run = runs[runs.length - 1]
    if (run && index.offsets[id]! - index.offsets[run.last + 1]! <= MERGE_GAP_BYTES) {
      run.last = id
      run.ids.push(id)
    } else {
      runs.push({ first: id, last: id, ids: [id] })
    }
  }
  return runs
}

async function readSpan(file: IndexedCsvFile, run: Run): Promise<Span> {
  const { offsets, fileSize } = file.index
  const start = offsets[run.first]!
  const bytes = await readExactly(file, start, offsets[run.last + 1]! - start)
  const reader = rowReader(file.format)
  return {
    ...run,
    // One papaparse pass for the run's rows: one per row made most of a window's garbage.
    rows: () =>
      rowsFields(
        run.ids.map((id) => {
          const end = offsets[id + 1]!
          return {
            bytes: bytes.subarray(offsets[id]! - start, end - start),
            terminated: end < fileSize,
          }
        }),
        reader,
      ),
  }
}

async function readExactly(
  file: IndexedCsvFile,
  position: number,
  length: number,
): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length)
  let done = 0
  while (done < length) {
    let bytesRead: number
    try {
      ;({ bytesRead } = await file.handle.read(buffer, done, length - done, position + done))
    } catch (error) {
      throw new CsvProblemError(fileSystemProblem(file.path, error), { cause: error })
    }
    if (bytesRead === 0) throw new CsvProblemError(changedSinceOpened(file.path))
    done += bytesRead
  }
  return buffer
}

/** Rows read from a file that changed since it was indexed would be the wrong rows. */
async function checkUnchanged(file: IndexedCsvFile): Promise<void> {
  let now
  try {
    now = await stat(file.path)
  } catch (error) {
    throw new CsvProblemError(fileSystemProblem(file.path, error), { cause: error })
  }
  if (now.size !== file.index.fileSize || now.mtimeMs !== file.index.mtimeMs) {
    throw new CsvProblemError(changedSinceOpened(file.path))
  }
}
