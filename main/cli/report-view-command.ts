import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type {
  ColumnFilter,
  ColumnType,
  ReportTotals,
  SortKey,
} from '../../preload/contract/reports/report-view'
import { createJobRunner } from '../platform/jobs/job-runner'
import { forkLauncher } from '../platform/workers/fork-launcher'
import { createQueryEngine, createReportService } from '../reports'
import { cliDataDir, DATA_DIR_VARIABLE, tempRoot } from '../platform/db/data-dir'
import { privateTempDir } from '../platform/db/private-files'
import type { ScriptName, ScriptRef } from '../platform/workers/script-ref'
import { CliFailure, UsageError, type CliIo } from './cli-io'
import { cliText, helpText, wordsFor, type CliWords } from './cli-words'
import { parseFilterSpec } from './view-filter-spec'

const help = helpText(
  `gatedesk report-view FILE [--delimiter D] [--encoding E] [--rows FROM:TO]
                     [--sort COL[:desc]]... [--filter 'COL OP VALUE']... [--totals] [--json]`,
  cliText('cli.help.report-view'),
)

const options = {
  delimiter: { type: 'string' },
  encoding: { type: 'string' },
  rows: { type: 'string' },
  sort: { type: 'string', multiple: true },
  filter: { type: 'string', multiple: true },
  totals: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

/** Files up to this many rows are printed whole by default. */
const PRINT_ALL_ROWS_MAX = 1000
const DEFAULT_ROWS = 100
/** The widest a column gets in the text table. */
const TABLE_CELL_WIDTH = 40

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true })
  } catch (error) {
    throw new UsageError(cliText('cli.wrong.options', { detail: (error as Error).message }))
  }
}

/** A column by its header name (exact, else ignoring case) or its 1-based number. */
function columnIndex(header: readonly string[], name: string, option: string): number {
  const exact = header.indexOf(name)
  if (exact >= 0) return exact
  const folded = header.findIndex((column) => column.toLowerCase() === name.toLowerCase())
  if (folded >= 0) return folded
  const number = Number(name)
  if (Number.isInteger(number) && number >= 1 && number <= header.length) return number - 1
  throw new UsageError(
    cliText('cli.wrong.no-such-column', {
      option,
      name,
      columns: header.join(', '),
      count: header.length,
    }),
  )
}

function sortKeys(header: readonly string[], specs: readonly string[]): SortKey[] {
  return specs.map((spec) => {
    const descending = /:desc$/i.test(spec)
    const name = spec.replace(/:(asc|desc)$/i, '')
    return { column: columnIndex(header, name, '--sort'), descending }
  })
}

function filters(header: readonly string[], specs: readonly string[]): ColumnFilter[] {
  return specs.map((spec) => parseFilterSpec(spec, (name) => columnIndex(header, name, '--filter')))
}

function rowRange(spec: string | undefined, rowCount: number): [number, number] {
  if (spec === undefined) return [0, rowCount <= PRINT_ALL_ROWS_MAX ? rowCount : DEFAULT_ROWS]
  const match = /^(\d+):(\d+)$/.exec(spec)
  if (!match) throw new UsageError(cliText('cli.wrong.rows-format', { spec }))
  const from = Number(match[1])
  const to = Math.min(Number(match[2]), rowCount)
  if (from > to) throw new UsageError(cliText('cli.wrong.rows-beyond', { spec, n: rowCount }))
  return [from, to]
}

const numeric = (type: ColumnType | undefined) =>
  type?.kind === 'integer' || type?.kind === 'decimal'

function table(header: readonly string[], types: readonly ColumnType[], rows: string[][]): string {
  const cut = (text: string) => {
    const line = text.replace(/\r?\n|\r/g, '⏎')
    return line.length > TABLE_CELL_WIDTH ? `${line.slice(0, TABLE_CELL_WIDTH - 1)}…` : line
  }
  const cells = [header, ...rows].map((row) => header.map((_, column) => cut(row[column] ?? '')))
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)))
  return cells
    .map((row) =>
      row
        .map((cell, column) =>
          numeric(types[column]) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

function totalsText(totals: ReportTotals, header: readonly string[], say: CliWords['say']): string {
  const lines = [say('cli.view.rows', { n: totals.rowCount })]
  for (const { currency, sum, count } of totals.amountByCurrency ?? [])
    lines.push(say('cli.view.amount', { currency, sum, n: count }))
  for (const { type, count } of totals.countByType ?? [])
    lines.push(say('cli.view.type-count', { type, n: count }))
  for (const { column, sum } of totals.columnSums)
    lines.push(say('cli.view.sum', { column: header[column]!, sum }))
  return lines.join('\n')
}

/** A run's temp folder is named by its process, so that one a killed run left can be told. */
const RUN_FOLDER = /^report-view-(\d+)-/

/** The signals that end a command at a terminal: Ctrl+C, the terminal closing, kill or timeout. */
const ENDING_SIGNALS = ['SIGINT', 'SIGHUP', 'SIGTERM'] as const

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the folders of earlier runs whose process is gone: one killed with SIGKILL had no
 * chance to remove its own. A run still at work keeps its folder.
 */
function removeLeftBehind(root: string): void {
  for (const name of readdirSync(root)) {
    const pid = RUN_FOLDER.exec(name)?.[1]
    if (pid !== undefined && !isRunning(Number(pid))) {
      rmSync(join(root, name), { recursive: true, force: true })
    }
  }
}

/**
 * A new owner-only folder for this run in `root`, after removing what killed runs left there, or
 * a failure that says where and what to do.
 */
function runTempDir(root: string): string {
  try {
    const folder = privateTempDir(root, `report-view-${process.pid}-`)
    removeLeftBehind(root)
    return folder
  } catch (error) {
    const reason = (error as Error).message
    throw new CliFailure(
      cliText('cli.view.temp-folder', { root, reason, variable: DATA_DIR_VARIABLE }),
    )
  }
}

export async function reportViewCommand(
  argv: string[],
  io: CliIo,
  scripts: (name: ScriptName) => ScriptRef,
): Promise<number> {
  const { values, positionals } = parse(argv)
  const { say, word, explain } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  if (positionals.length !== 1) throw new UsageError(cliText('cli.wrong.one-file'))
  const file = positionals[0]!

  const jobs = createJobRunner({ progress: () => {}, finished: () => {} })
  // Its UTF-8 copy and the query process's files: in a folder of this run's own in the data
  // folder's temp, as the app keeps them. A signal ends the command: the folder goes first.
  const reportTemp = runTempDir(tempRoot(cliDataDir()))
  // Retried: a file the query process writes as it ends would make one removal fail.
  const removeTemp = () => rmSync(reportTemp, { recursive: true, force: true, maxRetries: 3 })
  const stopListening = () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, interrupted)
  }
  const queryEngine = createQueryEngine({
    launch: forkLauncher,
    script: scripts('query-process'),
    scratchRoot: reportTemp,
  })
  const interrupted = (signal: NodeJS.Signals) => {
    // The query process (started as the file opens) writes in the folder: ended first.
    queryEngine.close()
    removeTemp()
    stopListening()
    process.kill(process.pid, signal)
  }
  for (const signal of ENDING_SIGNALS) process.once(signal, interrupted)
  // A command that sorts, filters or totals starts its query process (Node and DuckDB) while
  // it opens the file; one that only reads rows never starts it.
  if (values.sort || values.filter || values.totals) queryEngine.warm()
  const reports = createReportService({
    jobs,
    indexWorker: scripts('row-index-worker'),
    queryEngine,
    workRoot: reportTemp,
  })
  try {
    const { reportId, head } = await reports
      .open(file, { encoding: values.encoding ?? null, delimiter: values.delimiter ?? null })
      .catch((error: Error) => {
        throw CliFailure.of(error)
      })
    const session = reports.get(reportId)
    const query = {
      sort: sortKeys(head.columns, values.sort ?? []),
      filters: filters(head.columns, values.filter ?? []),
    }
    // DuckDB reads what the query needs while the file is indexed, in the query process.
    session.prepare(query, { totals: values.totals ?? false })
    await session.indexed
    const state = await session.setQuery(query)
    const [from, to] = rowRange(values.rows, state.rowCount)
    const rows = await session.rows(from, to)
    const totals = values.totals ? await session.totals() : undefined
    if (values.json) {
      const { problems } = state
      io.stdout(
        `${JSON.stringify({ header: head.columns, rowCount: state.rowCount, problems, rows, ...(totals ? { totals } : {}) })}\n`,
      )
    } else {
      const shown = say('cli.view.shown', { from, to, count: state.rowCount })
      const problems = state.problems.map((problem) =>
        say('cli.view.problem', { line: problem.line, message: explain(problem) }),
      )
      const parts = [table(head.columns, head.columnTypes, rows), shown, ...problems]
      if (totals) parts.push(totalsText(totals, head.columns, say))
      io.stdout(`${parts.join('\n')}\n`)
    }
    return 0
  } catch (error) {
    if (error instanceof UsageError || error instanceof CliFailure) throw error
    throw CliFailure.of(error as Error)
  } finally {
    stopListening()
    await reports.closeAll()
    queryEngine.close()
    removeTemp()
  }
}
