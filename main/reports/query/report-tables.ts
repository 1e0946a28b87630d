import { stat } from 'node:fs/promises'
import type { DuckDBConnection } from '@duckdb/node-api'
import { csvScan } from './csv-scan'
import { QueryError } from './query-error'
import type { QuerySource } from './query-messages'
import { SqlParams } from './sql-params'

/** The columns of reports loaded so far: a narrow table per load, each keyed by row id. */
export interface ReportTables {
  /**
   * A FROM clause over tables that hold `columns` of the source, and `rid`. Loads the columns
   * not loaded yet, in one read of the file, so a report never loads a column it was not asked for.
   */
  holding(source: QuerySource, columns: readonly number[]): Promise<string>
}

interface LoadedReport {
  prefix: string
  tables: string[]
  tableOf: Map<number, string>
  /** Set when DuckDB read the file differently from the row index: every query would too. */
  misread?: QueryError
}

export function createReportTables(
  connection: DuckDBConnection,
  options: { maxReports: number },
): ReportTables {
  /** By source, least recently used first. */
  const reports = new Map<string, LoadedReport>()
  let loads = 0

  async function load(source: QuerySource, report: LoadedReport, columns: readonly number[]) {
    await checkUnchanged(source)
    const table = `${report.prefix}_${report.tables.length}`
    const params = new SqlParams()
    await connection.run(
      `CREATE TABLE ${table} AS ${csvScan(source, columns, params)}`,
      params.values,
    )
    const rowCount = await countRows(connection, table)
    if (rowCount !== source.expectedRowCount) {
      await connection.run(`DROP TABLE ${table}`)
      report.misread = new QueryError(
        'misread',
        `Sorting and filtering need every row to read the same way: DuckDB read ${rowCount} rows, ` +
          `the file has ${source.expectedRowCount}. Some row of this file reads differently in ` +
          `DuckDB (a quote right after a closing quote, say), so the report can only be shown ` +
          `in file order.`,
      )
      throw report.misread
    }
    report.tables.push(table)
    for (const column of columns) report.tableOf.set(column, table)
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
      for (const table of report.tables) await connection.run(`DROP TABLE ${table}`)
    }
  }

  return {
    async holding(source, columns) {
      const report = reportFor(source)
      await evict()
      if (report.misread) throw report.misread
      const missing = columns.filter((column) => !report.tableOf.has(column))
      if (missing.length > 0 || report.tables.length === 0) await load(source, report, missing)
      const tables = new Set(columns.map((column) => report.tableOf.get(column)!))
      const [first, ...rest] = tables.size > 0 ? [...tables] : [report.tables[0]!]
      return [first, ...rest.map((table) => `JOIN ${table} USING (rid)`)].join(' ')
    },
  }
}

function sourceKey(source: QuerySource): string {
  const { file, fileSize, mtimeMs, delimiter, header, expectedRowCount } = source
  return JSON.stringify([file, fileSize, mtimeMs, delimiter, header.length, expectedRowCount])
}

/** Rows read from a file that changed after it was indexed would not match the index. */
async function checkUnchanged(source: QuerySource) {
  const found = await stat(source.file).catch(() => null)
  if (found?.size !== source.fileSize || found.mtimeMs !== source.mtimeMs) {
    throw new QueryError(
      'file-changed',
      `The report file ${source.file} changed or went away after it was opened: open it again to sort or filter it.`,
    )
  }
}

async function countRows(connection: DuckDBConnection, table: string): Promise<number> {
  const reader = await connection.runAndReadAll(`SELECT count(*)::DOUBLE FROM ${table}`)
  return reader.getRows()[0]![0] as number
}
