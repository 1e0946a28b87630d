import type { FileHandle } from 'node:fs/promises'
import { basename } from 'node:path'
import type {
  ColumnType,
  ReportProblem,
  ViewQuery,
} from '../../preload/contract/reports/report-view'
import { detectColumnTypes } from '../platform/csv/column-types'
import { rowReader, type OpenCsvFile } from '../platform/csv/csv-file'
import {
  detectFileFormat,
  readFileStart,
  type CsvFormat,
  type FormatHints,
} from '../platform/csv/csv-format'
import { asCsvError, firstOpenError } from '../platform/csv/csv-error'
import { HEAD_ROWS, readHead, type CsvHead } from '../platform/csv/head-reader'
import type { RowIndex } from '../platform/csv/row-index'
import type { RowSample, SampleRequest } from '../platform/csv/row-sample'
import { rowsFields } from '../platform/csv/row-fields'
import { readRowRange, readRowsById, type IndexedCsvFile } from '../platform/csv/row-window'
import type { ScriptRef } from '../platform/workers/script-ref'
import type { PivotRequest } from '../../preload/contract/reports/report-pivot'
import type { QueryEngine } from './query/query-client'
import type { ViewRows } from './query/query-messages'
import { answerAhead, preparedColumns } from './query-source'
import { preparedSource, querySources, utf8Copy } from './report-query-file'
import { indexFile, type IndexPlacement } from './report-index'
import { openRegularFile } from './report-file-kind'
import type { ViewFile } from './view-file'
import { warmWhenIdle } from './warm-when-idle'

export interface ReportSessionDeps {
  /** The row index worker's script. */
  indexWorker: ScriptRef
  /** Where the index is scanned: worker threads of indexWorker unless this says otherwise. */
  indexing?: IndexPlacement | undefined
  queryEngine: QueryEngine
  /** A private folder for this report's UTF-8 copy, made when it needs one; the caller removes it. */
  workDir: () => Promise<string>
}

/** How far a pass over the file has got (indexing, or transcoding before it). */
export type FileProgress = (bytesDone: number, bytesTotal: number) => void

/** What the user sees at once: the header, its types, and the first rows. */
export interface ReportHead {
  fileName: string
  encoding: string
  delimiter: string
  columns: string[]
  columnTypes: ColumnType[]
  rows: string[][]
}

/** Everything about the view that changes as the user sorts and filters. */
export interface ReportState {
  /** Rows of the current view; while indexing, the rows read so far. */
  rowCount: number
  /** Data rows of the whole file (null while indexing). */
  fileRowCount: number | null
  problems: ReportProblem[]
  problemCount: number
  query: ViewQuery
}

export interface ReportSession {
  head: ReportHead
  /** Settles when every row's place is known; rejects as indexing failed or was cancelled. */
  indexed: Promise<void>
  state(): ReportState
  /** Rows [from, to) of the current view, each row's fields as in the file after unquoting. */
  rows(from: number, to: number): Promise<string[][]>
  /** The row ids of rows [from, to) of the view (the rows themselves come from `rows`). */
  rowIds(from: number, to: number): Promise<ArrayLike<number>>
  /**
   * Sorts and filters the view; a newer call supersedes one still running. With `firstRows`
   * (a caller that reads only the first rows: the command line), DuckDB orders only those: the
   * rest of the order is made when a row beyond them is read.
   */
  setQuery(query: ViewQuery, signal?: AbortSignal, firstRows?: number): Promise<ReportState>
  /** The exact totals of the current view. */
  totals(signal?: AbortSignal): ReturnType<QueryEngine['totals']>
  /** The current view grouped by `request`'s keys, counted and measured (report-pivot.ts). */
  pivot(request: PivotRequest, signal?: AbortSignal): ReturnType<QueryEngine['pivot']>
  /** `column`'s distinct values with counts in the current view, its own filters left out. */
  distinctValues(column: number, signal?: AbortSignal): ReturnType<QueryEngine['distinct']>
  /**
   * Lets DuckDB start reading what `query` (and its totals or pivot) will need while the file is still
   * indexed, for a caller that knows its first query (the command line). Nothing once indexed
   * (the query follows at once), nor for a file not in UTF-8 (its copy is made after the index).
   */
  prepare(query: ViewQuery, options?: { totals?: boolean; pivot?: PivotRequest }): void
  /** The file, index and order of the current view, for a worker thread that reads its rows. */
  viewFile(): Promise<ViewFile>
  /** The file the report was opened from. */
  path: string
  close(): Promise<void>
}

const NO_QUERY: ViewQuery = { sort: [], filters: [] }
/** Quiet time after indexing before the query process is started ahead of the first query. */
const WARM_AFTER_IDLE_MS = 1000
/** Rows sampled across the file to detect column types beyond the head. */
const TYPE_SAMPLE_WINDOWS = 20
const TYPE_SAMPLE_ROWS = 50

/**
 * Opens a CSV report kept on disk: returns the header and first rows at once, and indexes the
 * whole file in a worker thread meanwhile (`onIndexProgress`). Rows are read from the file by
 * offset; sorting, filtering and totals run in the query process, which sees a UTF-8 file.
 */
export async function openReportSession(
  path: string,
  hints: FormatHints,
  deps: ReportSessionDeps,
  control: { signal?: AbortSignal; onIndexProgress?: FileProgress } = {},
): Promise<ReportSession> {
  let handle: FileHandle | null = null
  let file: OpenCsvFile
  let original: CsvFormat
  let head: CsvHead
  try {
    handle = await openHandle(path)
    // Read once: the format is told from these bytes, which hold the first rows too.
    const start = await readFileStart(handle, path)
    original = await detectFileFormat(path, hints, start)
    if (original.byteScannable) {
      file = { path, format: original, handle }
      head = await readHead(file, HEAD_ROWS, start)
    } else {
      // UTF-16 cannot be scanned as bytes: everything then reads a UTF-8 copy.
      await handle.close()
      handle = null
      const copy = await utf8Copy(path, original, await deps.workDir(), control)
      handle = await openHandle(copy.path)
      file = { ...copy, handle }
      head = await readHead(file)
    }
  } catch (error) {
    await handle?.close()
    throw error
  }
  return sessionOver(path, original, file, head, deps, control)
}

/** The session of a file whose format and first rows are read. */
function sessionOver(
  path: string,
  original: CsvFormat,
  file: OpenCsvFile,
  head: CsvHead,
  deps: ReportSessionDeps,
  control: { signal?: AbortSignal; onIndexProgress?: FileProgress },
): ReportSession {
  let index: RowIndex | null = null
  let view: ViewRows = { kind: 'identity' }
  let query = NO_QUERY
  let columnTypes = detectColumnTypes(head.columns.length, head.rows)
  let latestQuery: AbortController | null = null
  const closing = new AbortController()
  const signal = control.signal ? AbortSignal.any([control.signal, closing.signal]) : closing.signal

  // The index threads start only now: started as the open began, a thread's start competed
  // with reading the first rows.
  const threads = { script: deps.indexWorker, ...deps.indexing }
  const indexed = indexFile(file, head, threads, typeSample(head), {
    signal,
    onProgress: ({ bytesDone, bytesTotal }) => control.onIndexProgress?.(bytesDone, bytesTotal),
  }).then((result) => {
    const { sample: sampled, ...rest } = result
    index = rest
    const sampledRows = sampleRows(sampled, rest, file.format)
    columnTypes = detectColumnTypes(head.columns.length, [...head.rows, ...sampledRows])
  })
  // Whoever asks for rows or a sort sees the failure; the session itself must not crash.
  indexed.catch(() => {})

  // Once the file is indexed and the user has read no rows for a moment, the query process
  // starts (no data is loaded until a query asks), so that the first sort need not wait for it.
  // Not sooner, nor while rows are read: on two cores its start slowed the index and windows.
  const warming = warmWhenIdle(indexed, WARM_AFTER_IDLE_MS, signal, () => deps.queryEngine.warm())
  const active = warming.active

  const indexedFile = async (): Promise<IndexedCsvFile> => {
    await indexed
    return { ...file, index: index! }
  }
  const { querySource, copying } = querySources(file, head.columns, {
    indexedFile,
    columnTypes: () => columnTypes,
    workDir: deps.workDir,
    signal,
  })

  function viewLength(): number {
    if (!index) return head.rows.length
    return view.kind === 'identity' ? index.rowCount : (view.rowCount ?? view.rowIds.length)
  }

  /** The view's row ids, all of them up to `to` (the whole order, if only its first were made). */
  async function idsUpTo(to: number): Promise<Uint32Array> {
    const partial = view
    if (partial.kind !== 'rows') throw new Error('the file order has no row ids')
    if (to <= partial.rowIds.length) return partial.rowIds
    const whole = await deps.queryEngine.view(await querySource(), query, { signal })
    if (whole.kind !== 'rows') throw new Error('the view lost its order')
    // A newer query set meanwhile keeps its own view.
    if (view === partial) view = whole
    return whole.rowIds
  }

  function checkRange(from: number, to: number) {
    const length = viewLength()
    if (from < 0 || to < from || to > length) {
      throw new RangeError(`Rows ${from}–${to} are outside the ${length} rows of this view.`)
    }
  }

  const session: ReportSession = {
    path,
    head: {
      fileName: basename(path),
      encoding: original.encoding,
      delimiter: original.delimiter,
      columns: head.columns,
      get columnTypes() {
        return columnTypes
      },
      rows: head.rows,
    },
    indexed,
    state: () => ({
      rowCount: viewLength(),
      fileRowCount: index?.rowCount ?? null,
      problems: index?.problems ?? [],
      problemCount: index?.problemCount ?? 0,
      query,
    }),
    async rows(from, to) {
      active()
      // The head's rows need no index: the first screen never waits for it.
      if (!index && view.kind === 'identity' && to <= head.rows.length) {
        checkRange(from, to)
        return head.rows.slice(from, to)
      }
      const indexedCsv = await indexedFile()
      checkRange(from, to)
      const read =
        view.kind === 'identity'
          ? readRowRange(indexedCsv, from, to)
          : readRowsById(indexedCsv, Array.from((await idsUpTo(to)).subarray(from, to)))
      return read.catch((error: unknown) => {
        throw asCsvError(error)
      })
    },
    async rowIds(from, to) {
      await indexedFile()
      checkRange(from, to)
      if (view.kind === 'rows') return (await idsUpTo(to)).subarray(from, to)
      return Array.from({ length: to - from }, (_, offset) => from + offset)
    },
    async setQuery(next, callerSignal, firstRows) {
      active()
      latestQuery?.abort()
      const mine = new AbortController()
      latestQuery = mine
      const querySignal = AbortSignal.any([
        mine.signal,
        signal,
        ...(callerSignal ? [callerSignal] : []),
      ])
      const rows = await deps.queryEngine.view(await querySource(), next, {
        signal: querySignal,
        ...(firstRows === undefined ? {} : { firstRows }),
      })
      querySignal.throwIfAborted()
      view = rows
      query = next
      return session.state()
    },
    totals: async (caller) =>
      deps.queryEngine.totals(await querySource(), query, alsoBy(signal, caller)),
    pivot: async (request, caller) =>
      deps.queryEngine.pivot(await querySource(), query, request, alsoBy(signal, caller)),
    distinctValues: async (column, caller) =>
      deps.queryEngine.distinct(await querySource(), query, column, alsoBy(signal, caller)),
    async viewFile() {
      const { path: filePath, format, index: fileIndex } = await indexedFile()
      const length = viewLength()
      const rowIds = view.kind === 'rows' ? (await idsUpTo(length)).subarray(0, length) : null
      const viewHead = { columns: head.columns, columnTypes, delimiter: original.delimiter }
      return { path: filePath, format, index: fileIndex, rowIds, head: viewHead, reportPath: path }
    },
    prepare(next, also = {}) {
      const columns = preparedColumns(next, { header: head.columns, columnTypes }, also)
      const ahead = answerAhead(next, also)
      if (index || file.format.encoding !== 'utf-8' || (columns.length === 0 && !ahead)) return
      const source = preparedSource(file, head.columns, columnTypes)
      deps.queryEngine.prepare(source, columns, { signal, ...(ahead ? { ahead } : {}) })
    },
    async close() {
      closing.abort()
      // Nothing of a closed report may stay reachable (a pending timer holds the session).
      warming.stop()
      await Promise.allSettled([indexed, copying()])
      await file.handle.close()
    },
  }
  return session
}

/** The rows sampled across the file past the head, to detect column types beyond it. */
function typeSample(head: CsvHead): SampleRequest {
  return { fromRow: head.rows.length, windows: TYPE_SAMPLE_WINDOWS, windowRows: TYPE_SAMPLE_ROWS }
}

/** The session's `signal`, and the caller's too when it gives one. */
function alsoBy(signal: AbortSignal, caller?: AbortSignal): AbortSignal {
  return caller ? AbortSignal.any([signal, caller]) : signal
}

/** The rows the worker sampled across the file, read as `rows` reads them. */
function sampleRows(
  sampled: RowSample | undefined,
  { offsets, fileSize }: RowIndex,
  format: CsvFormat,
): string[][] {
  if (!sampled) return []
  const reader = rowReader(format)
  return sampled.windows.flatMap(({ from, to, bytes }) => {
    const start = offsets[from]!
    const rows = Array.from({ length: to - from }, (_, row) => {
      const end = offsets[from + row + 1]!
      return {
        bytes: bytes.subarray(offsets[from + row]! - start, end - start),
        terminated: end < fileSize,
      }
    })
    return rowsFields(rows, reader)
  })
}

/** Only a regular file: a pipe or a device would block the first read (the CLI's too). */
function openHandle(path: string) {
  return openRegularFile(path, (error) => firstOpenError(path, error))
}
