import { fstatSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { ColumnType } from '../../preload/contract/reports/report-view'
import type { OpenCsvFile } from '../platform/csv/csv-file'
import type { CsvFormat } from '../platform/csv/csv-format'
import { fileSystemError } from '../platform/csv/csv-error'
import type { IndexedCsvFile } from '../platform/csv/row-window'
import { transcodeToUtf8 } from '../platform/csv/transcode'
import type { PreparedSource, QuerySource } from './query/query-messages'
import { directReadOf, rowStarts } from './query-source'

/** The file as DuckDB may start reading it, before it is indexed. */
export function preparedSource(
  file: OpenCsvFile,
  header: readonly string[],
  columnTypes: readonly ColumnType[],
): PreparedSource {
  const { size: fileSize, mtimeMs } = fstatSync(file.handle.fd)
  const { path, format } = file
  return { file: path, delimiter: format.delimiter, header, columnTypes, fileSize, mtimeMs }
}

export interface QuerySources {
  querySource(): Promise<QuerySource>
  /** The UTF-8 copy being made, if any. */
  copying(): Promise<string> | null
}

/**
 * The report file as the query process reads it, once indexed: the original when it is UTF-8,
 * else a UTF-8 copy made once (in `workDir`), with what the index found.
 */
export function querySources(
  file: OpenCsvFile,
  header: readonly string[],
  deps: {
    indexedFile: () => Promise<IndexedCsvFile>
    columnTypes: () => readonly ColumnType[]
    workDir: () => Promise<string>
    signal: AbortSignal
  },
): QuerySources {
  let queryFile: Promise<string> | null = null
  let directRead: ReturnType<typeof directReadOf> | null = null

  /** The file DuckDB reads: the original when it is UTF-8, else a UTF-8 copy made once. */
  function fileForQueries(): Promise<string> {
    if (file.format.encoding === 'utf-8') return Promise.resolve(file.path)
    queryFile ??= deps
      .workDir()
      .then((workDir) => utf8Copy(file.path, file.format, workDir, { signal: deps.signal }))
      .then((copy) => copy.path)
    return queryFile
  }

  async function querySource(): Promise<QuerySource> {
    const indexedCsv = await deps.indexedFile()
    const rowIndex = indexedCsv.index
    const queryPath = await fileForQueries()
    const direct = await (directRead ??= directReadOf(indexedCsv))
    // The query process refuses a file that is not the one indexed (or the copy made of it).
    const identity =
      queryPath === file.path
        ? { fileSize: rowIndex.fileSize, mtimeMs: rowIndex.mtimeMs }
        : await fileIdentity(queryPath)
    return {
      file: queryPath,
      delimiter: file.format.delimiter,
      header,
      columnTypes: deps.columnTypes(),
      expectedRowCount: rowIndex.rowCount,
      ...(queryPath === file.path ? { rowStarts: rowStarts(rowIndex) } : {}),
      // The rows' byte offsets are the indexed file's, not its UTF-8 copy's.
      ...(direct
        ? { directRead: queryPath === file.path ? direct : { checkRows: direct.checkRows } }
        : {}),
      ...identity,
    }
  }

  // A close waits for the copy being made, if any.
  return { querySource, copying: () => queryFile }
}

let copies = 0

/** A UTF-8 copy of a report in another charset, in `workDir`. */
export async function utf8Copy(
  path: string,
  format: CsvFormat,
  workDir: string,
  control: {
    signal?: AbortSignal
    onIndexProgress?: (bytesDone: number, bytesTotal: number) => void
  },
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
