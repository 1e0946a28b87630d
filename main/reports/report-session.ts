import { open, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { ColumnType, ReportProblem, ViewQuery } from '../../preload/contract/report-view'
import { detectColumnTypes } from '../csv/column-types'
import type { OpenCsvFile } from '../csv/csv-file'
import { detectFileFormat, type CsvFormat, type FormatHints } from '../csv/csv-format'
import { fileSystemError } from '../csv/csv-error'
import { readHead, type CsvHead } from '../csv/head-reader'
import { indexRows, type RowIndex } from '../csv/row-index'
import { readRowRange, readRowsById, type IndexedCsvFile } from '../csv/row-window'
import { transcodeToUtf8 } from '../csv/transcode'
import type { ScriptRef } from '../workers/script-ref'
import type { QueryEngine } from './query/query-client'
import type { QuerySource, ViewRows } from './query/query-messages'

export interface ReportSessionDeps {
  /** The row index worker's script. */
  indexWorker: ScriptRef
  queryEngine: QueryEngine
  /** A private folder for this report's UTF-8 copy, when it needs one; the caller removes it. */
  workDir: string
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
  /** Sorts and filters the view; a newer call supersedes one still running. */
  setQuery(query: ViewQuery, signal?: AbortSignal): Promise<ReportState>
  /** The exact totals of the current view. */
  totals(signal?: AbortSignal): ReturnType<QueryEngine['totals']>
  /** The file the report was opened from. */
  path: string
  close(): Promise<void>
}

const NO_QUERY: ViewQuery = { sort: [], filters: [] }
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
  const original = await detectFileFormat(path, hints)
  // UTF-16 cannot be scanned as bytes: everything then reads a UTF-8 copy.
  const scanned = original.byteScannable
    ? { path, format: original }
    : await utf8Copy(path, original, deps.workDir, control)
  const file: OpenCsvFile = { ...scanned, handle: await openHandle(scanned.path) }
  let head: CsvHead
  try {
    head = await readHead(file)
  } catch (error) {
    await file.handle.close()
    throw error
  }

  let index: RowIndex | null = null
  let view: ViewRows = { kind: 'identity' }
  let query = NO_QUERY
  let columnTypes = detectColumnTypes(head.columns.length, head.rows)
  let queryFile: Promise<string> | null = null
  let latestQuery: AbortController | null = null
  const closing = new AbortController()
  const signal = control.signal ? AbortSignal.any([control.signal, closing.signal]) : closing.signal

  const indexed = indexRows(deps.indexWorker, file.path, file.format, {
    signal,
    onProgress: ({ bytesDone, bytesTotal }) => control.onIndexProgress?.(bytesDone, bytesTotal),
  }).then(async (result) => {
    index = result
    columnTypes = detectColumnTypes(head.columns.length, [...head.rows, ...(await sample())])
  })
  // Whoever asks for rows or a sort sees the failure; the session itself must not crash.
  indexed.catch(() => {})

  const indexedFile = async (): Promise<IndexedCsvFile> => {
    await indexed
    return { ...file, index: index! }
  }

  async function sample(): Promise<string[][]> {
    const rowCount = index!.rowCount
    if (rowCount <= head.rows.length) return []
    const step = Math.floor(rowCount / TYPE_SAMPLE_WINDOWS)
    const windows: Promise<string[][]>[] = []
    for (
      let start = head.rows.length;
      start < rowCount;
      start += Math.max(step, TYPE_SAMPLE_ROWS)
    ) {
      const end = Math.min(rowCount, start + TYPE_SAMPLE_ROWS)
      windows.push(readRowRange({ ...file, index: index! }, start, end))
    }
    return (await Promise.all(windows)).flat()
  }

  /** The file DuckDB reads: the original when it is UTF-8, else a UTF-8 copy made once. */
  function fileForQueries(): Promise<string> {
    if (file.format.encoding === 'utf-8') return Promise.resolve(file.path)
    queryFile ??= utf8Copy(file.path, file.format, deps.workDir, { signal }).then(
      (copy) => copy.path,
    )
    return queryFile
  }

  async function querySource(): Promise<QuerySource> {
    const { index: rowIndex } = await indexedFile()
    const queryPath = await fileForQueries()
    // The query process refuses a file that is not the one indexed (or the copy made of it).
    const identity =
      queryPath === file.path
        ? { fileSize: rowIndex.fileSize, mtimeMs: rowIndex.mtimeMs }
        : await fileIdentity(queryPath)
    return {
      file: queryPath,
      delimiter: file.format.delimiter,
      header: head.columns,
      columnTypes,
      expectedRowCount: rowIndex.rowCount,
      ...identity,
    }
  }

  function viewLength(): number {
    if (!index) return head.rows.length
    return view.kind === 'identity' ? index.rowCount : view.rowIds.length
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
      // The head's rows need no index: the first screen never waits for it.
      if (!index && view.kind === 'identity' && to <= head.rows.length) {
        checkRange(from, to)
        return head.rows.slice(from, to)
      }
      const indexedCsv = await indexedFile()
      checkRange(from, to)
      if (view.kind === 'identity') return readRowRange(indexedCsv, from, to)
      return readRowsById(indexedCsv, Array.from(view.rowIds.subarray(from, to)))
    },
    async rowIds(from, to) {
      await indexedFile()
      checkRange(from, to)
      if (view.kind === 'rows') return view.rowIds.subarray(from, to)
      return Array.from({ length: to - from }, (_, offset) => from + offset)
    },
    async setQuery(next, callerSignal) {
      latestQuery?.abort()
      const mine = new AbortController()
      latestQuery = mine
      const querySignal = AbortSignal.any([
        mine.signal,
        signal,
        ...(callerSignal ? [callerSignal] : []),
      ])
      const rows = await deps.queryEngine.view(await querySource(), next, querySignal)
      querySignal.throwIfAborted()
      view = rows
      query = next
      return session.state()
    },
    async totals(callerSignal) {
      const totalsSignal = callerSignal ? AbortSignal.any([signal, callerSignal]) : signal
      return deps.queryEngine.totals(await querySource(), query, totalsSignal)
    },
    async close() {
      closing.abort()
      await Promise.allSettled([indexed, queryFile])
      await file.handle.close()
    },
  }
  return session
}

async function openHandle(path: string) {
  try {
    return await open(path, 'r')
  } catch (error) {
    throw fileSystemError(path, error)
  }
}

let copies = 0

async function utf8Copy(
  path: string,
  format: CsvFormat,
  workDir: string,
  control: { signal?: AbortSignal; onIndexProgress?: FileProgress },
): Promise<{ path: string; format: CsvFormat }> {
  const target = join(workDir, `utf8-${++copies}-${basename(path)}`)
  await transcodeToUtf8(path, format.encoding, target, {
    ...(control.signal ? { signal: control.signal } : {}),
    onProgress: ({ bytesDone, bytesTotal }) => control.onIndexProgress?.(bytesDone, bytesTotal),
  })
  return {
    path: target,
    format: { ...format, encoding: 'utf-8', byteOrderMarkLength: 0, byteScannable: true },
  }
}

async function fileIdentity(path: string): Promise<{ fileSize: number; mtimeMs: number }> {
  try {
    const current = await stat(path)
    return { fileSize: current.size, mtimeMs: current.mtimeMs }
  } catch (error) {
    throw fileSystemError(path, error)
  }
}
