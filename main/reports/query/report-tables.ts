import { mkdtemp, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { DuckDBConnection } from '@duckdb/node-api'
import { extractColumns } from './column-extract'
import { createDirectReads } from './direct-load'
import type { ExtractionThread } from './extraction-thread'
import { extractedScan } from './csv-scan'
import { createFileAnswers, type FileQuery } from './file-answers'
import { QueryError } from './query-error'
import type { PreparedSource, QuerySource } from './query-messages'
import { SqlParams } from './sql-params'

/** The columns of reports loaded so far: a narrow table per load, in file order (rowid = row id). */
export interface ReportTables {
  /**
   * A FROM clause over tables that hold `columns` of the source, and `rid`. Loads the columns
   * not loaded yet, in one read of the file, so a report never loads a column it was not asked
   * for. The tables of a report all hold every row in file order, paired by position.
   */
  holding(source: QuerySource, columns: readonly number[]): Promise<string>
  /** Starts DuckDB reading `columns` of a file being indexed (see DirectReads.prepare). */
  prepare(source: PreparedSource, columns: readonly number[]): Promise<void>
  /**
   * An aggregate of every row answered by DuckDB reading the file itself (answerFromFile), when
   * no table holds `columns` yet (or is being read with them): a table would take as long again
   * to build. Null when tables answer it, or DuckDB's reading was refused.
   */
  fromFile<T>(
    source: QuerySource,
    columns: readonly number[],
    query: FileQuery<T>,
  ): Promise<T[] | null>
  /**
   * Reads the answer of an aggregate of every row from a file still being indexed, for the
   * fromFile that follows the index to check (and take, if it asks the same).
   */
  readAhead(
    source: PreparedSource,
    columns: readonly number[],
    query: FileQuery<unknown>,
  ): Promise<void>
  /**
   * Starts the check of DuckDB's reading that a fromFile of `source` will make (FileAnswers.
   * checkAhead), when it may answer from the file: for a request that waits meanwhile.
   */
  checkAhead(source: QuerySource): void
  /** Stops the load running now (its extraction; DuckDB's part stops by its own interrupt). */
  interrupt(): void
}

interface LoadedReport {
  prefix: string
  tables: string[]
  tableOf: Map<number, string>
  /** Set when DuckDB read the file differently from the row index: every query would too. */
  misread?: QueryError
  /** Set once DuckDB's own reading of the file was refused: its columns are extracted. */
  extractOnly?: boolean
}

export interface ReportTablesOptions {
  /** Reports whose tables are kept; older ones are dropped. */
  maxReports: number
  /**
   * A file whose row starts are known is extracted in up to `threads` parts at once (1 when
   * not given), when it is at least `parallelMinBytes` (8 MiB when not given): the first part in
   * this thread, part k in `extractThreads[k - 1]` (in this thread too without it).
   */
  threads?: number
  extractThreads?: readonly ExtractionThread[]
  /**
   * Where the extracted columns are written, each load in a folder of its own: the query
   * process's private folder, never the shared OS temp folder.
   */
  scratchDir: string
  parallelMinBytes?: number
  /** A second connection to the same DuckDB, for checks made ahead (FileAnswers.checkAhead). */
  checkConnection?: () => Promise<DuckDBConnection>
}

/** Whether DuckDB may read the report's file itself: it never read it otherwise than the index. */
const readsItself = (report: LoadedReport | undefined) => !report?.extractOnly && !report?.misread

export function createReportTables(
  db: DuckDBConnection | Promise<DuckDBConnection>,
  options: ReportTablesOptions,
): ReportTables {
  /** By source, least recently used first. */
  const reports = new Map<string, LoadedReport>()
  /** Stops the extraction running, if any. */
  let loading: AbortController | null = null
  const direct = createDirectReads(db)

  async function load(source: QuerySource, report: LoadedReport, columns: readonly number[]) {
    await checkUnchanged(source)
    const table = `${report.prefix}_${report.tables.length}`
    if (source.directRead && !report.extractOnly) {
      const read = await readByDuckDB(source, table, columns)
      if (read) {
        report.tables.push(read.table)
        for (const column of read.columns) report.tableOf.set(column, read.table)
        return
      }
      report.extractOnly = true
    }
    await direct.discard()
    // The folder is made by the parent and never again here: a process still loading as its
    // parent ends would otherwise make the parent's removed run folder anew and leave it.
    const dir = await mkdtemp(join(options.scratchDir, 'columns-'))
    const stop = new AbortController()
    loading = stop
    try {
      const extracted = await Promise.all(
        partsOf(source, options.threads ?? 1, options.parallelMinBytes).map((part, index) =>
          extractPart(
            options.extractThreads,
            source,
            columns,
            part,
            join(dir, `part-${index}.csv`),
            stop.signal,
          ),
        ),
      )
      await checkUnchanged(source)
      // DuckDB may have been opening meanwhile: the extraction needs none of it.
      const connection = await db
      const params = new SqlParams()
      const targets = extracted.map((part) => part.target)
      const lineBreaks = extracted.some((part) => part.lineBreaks)
      // The parts in order (DuckDB keeps the order of the files it reads, and of their rows), so
      // that the table holds the rows in file order.
      const scan = extractedScan(targets, columns, lineBreaks, params)
      await connection.run(`CREATE TABLE ${table} AS ${scan}`, params.values)
    } catch (error) {
      await Promise.resolve(db)
        .then((connection) => connection.run(`DROP TABLE IF EXISTS ${table}`))
        .catch(() => {})
      throw stop.signal.aborted ? stop.signal.reason : error
    } finally {
      loading = null
      await rm(dir, { recursive: true, force: true })
    }
    const connection = await db
    const rowCount = await countRows(connection, table)
    if (rowCount !== source.expectedRowCount) {
      await connection.run(`DROP TABLE ${table}`)
      report.misread = new QueryError('misread', 'report.query.misread', {
        read: rowCount,
        expected: source.expectedRowCount,
      })
      throw report.misread
    }
    report.tables.push(table)
    for (const column of columns) report.tableOf.set(column, table)
  }

  /** One read of the file by DuckDB itself, when its reading is the index's (DirectReads). */
  async function readByDuckDB(source: QuerySource, table: string, columns: readonly number[]) {
    const stop = new AbortController()
    loading = stop
    try {
      const read = await direct.load(source, table, columns, stop.signal)
      // A file changed while DuckDB read it is refused, whatever DuckDB made of it.
      if (read) await checkUnchanged(source).catch(dropping(read.table))
      return read
    } finally {
      loading = null
    }
  }

  /** Drops `table`, then fails with `error`. */
  function dropping(table: string) {
    return async (error: unknown) => {
      await (await db).run(`DROP TABLE IF EXISTS ${table}`)
      throw error
    }
  }

  function reportFor(source: QuerySource): LoadedReport {
    const key = sourceKey(source)
    const report = reports.get(key) ?? {
      prefix: `r${++loads}`,
      tables: [],
      tableOf: new Map<number, string>(),
    }
    reports.delete(key)
    reports.set(key, report)
    return report
  }

  /** Drops the tables of the reports used longest ago, keeping DuckDB's memory for new ones. */
  async function evict() {
    for (const [key, report] of reports) {
      if (reports.size <= options.maxReports) return
      reports.delete(key)
      const connection = await db
      for (const table of report.tables) await connection.run(`DROP TABLE ${table}`)
    }
  }

  const fileAnswers = createFileAnswers(db, options.scratchDir, options.checkConnection)

  return {
    prepare: (source, columns) => direct.prepare(source, columns),
    async readAhead(source, columns, query) {
      const stop = new AbortController()
      loading = stop
      try {
        await fileAnswers.readAhead(source, columns, query, stop.signal)
      } finally {
        loading = null
      }
    },
    async fromFile(source, columns, query) {
      const report = reportFor(source)
      const loaded = columns.every((column) => report.tableOf.has(column))
      if (!source.directRead?.rowBytes || !readsItself(report) || loaded) {
        return null
      }
      if (direct.prepares(source, columns)) return null
      await checkUnchanged(source)
      const stop = new AbortController()
      loading = stop
      try {
        const answer = await fileAnswers.answer(source, columns, query, stop.signal)
        // A file changed while DuckDB read it is refused, whatever DuckDB made of it.
        if (answer) await checkUnchanged(source)
        // DuckDB reads this file otherwise than the index: its columns are extracted.
        else report.extractOnly = true
        return answer
      } finally {
        loading = null
      }
    },
    checkAhead(source) {
      if (readsItself(reports.get(sourceKey(source)))) fileAnswers.checkAhead(source)
    },
    interrupt() {
      loading?.abort(new QueryError('cancelled'))
    },
    async holding(source, columns) {
      const report = reportFor(source)
      await evict()
      if (report.misread) throw report.misread
      const missing = columns.filter((column) => !report.tableOf.has(column))
      if (missing.length > 0 || report.tables.length === 0) await load(source, report, missing)
      const tables = new Set(columns.map((column) => report.tableOf.get(column)!))
      const [first, ...rest] = tables.size > 0 ? [...tables] : [report.tables[0]!]
      // Every table holds the file's rows in file order: their rows pair up by position, with
      // no hash table over every row as a join on rid would build.
      return [withRid(first!), ...rest.map((table) => `POSITIONAL JOIN ${table}`)].join(' ')
    },
  }
}

/** Extracts one part of the file: the first here, the others in worker threads. */
async function extractPart(
  extractThreads: readonly ExtractionThread[] | undefined,
  source: QuerySource,
  columns: readonly number[],
  part: FilePart,
  target: string,
  signal: AbortSignal,
) {
  const partOptions = {
    delimiter: source.delimiter,
    columns,
    ...(part.range ? { range: part.range } : {}),
  }
  const thread = part.index > 0 ? extractThreads?.[part.index - 1] : undefined
  const extracted = thread
    ? await thread.extract({ file: source.file, target, options: partOptions }, signal)
    : await extractColumns(source.file, target, {
        ...partOptions,
        stopped: () => (signal.aborted ? (signal.reason as Error) : null),
      })
  if (extracted.rowCount !== part.rowCount) {
    // The scan is the row index's: only a file changed under it reads otherwise.
    throw new QueryError(
      'file-changed',
      part.range ? 'report.query.part-rows-changed' : 'report.query.rows-changed',
      { file: source.file, found: extracted.rowCount, expected: part.rowCount },
    )
  }
  return { ...extracted, target }
}

/** Loads so far in this process: each gets tables of its own names. */
let loads = 0

/** A file smaller than this is extracted in one part: a thread costs more than it saves. */
const PARALLEL_MIN_BYTES = 8 * 1024 * 1024

interface FilePart {
  index: number
  /** Bytes of the file holding `rowCount` rows; none: the whole file, its header first. */
  range?: { start: number; end: number }
  rowCount: number
}

/** The parts to extract at once: up to `threads`, cut where the row index found rows start. */
function partsOf(source: QuerySource, threads: number, minBytes = PARALLEL_MIN_BYTES): FilePart[] {
  const starts = source.rowStarts ?? []
  const count = Math.min(threads, starts.length)
  if (count < 2 || source.fileSize < minBytes) {
    return [{ index: 0, rowCount: source.expectedRowCount }]
  }
  const chosen = Array.from(
    { length: count },
    (_, k) => starts[Math.floor((k * starts.length) / count)]!,
  )
  return chosen.map((start, index) => {
    const next = chosen[index + 1]
    return {
      index,
      range: { start: start.offset, end: next?.offset ?? source.fileSize },
      rowCount: (next?.row ?? source.expectedRowCount) - start.row,
    }
  })
}

/** The table with its rows' ids: each table holds the file's rows in file order. */
function withRid(table: string): string {
  return `(SELECT rowid::UINTEGER AS rid, * FROM ${table}) AS ${table}`
}

function sourceKey(source: QuerySource): string {
  const { file, fileSize, mtimeMs, delimiter, header, expectedRowCount } = source
  return JSON.stringify([file, fileSize, mtimeMs, delimiter, header.length, expectedRowCount])
}

/** Rows read from a file that changed after it was indexed would not match the index. */
async function checkUnchanged(source: QuerySource) {
  const found = await stat(source.file).catch(() => null)
  if (found?.size !== source.fileSize || found.mtimeMs !== source.mtimeMs) {
    throw new QueryError('file-changed', 'report.query.file-changed', { file: source.file })
  }
}

async function countRows(connection: DuckDBConnection, table: string): Promise<number> {
  const reader = await connection.runAndReadAll(`SELECT count(*)::DOUBLE FROM ${table}`)
  return reader.getRows()[0]![0] as number
}
