import { parseArgs } from 'node:util'
import type { ColumnType, ReportTotals } from '../../preload/contract/reports/report-view'
import { defaultPivotMeasures } from '../reports'
import type { ScriptName, ScriptRef } from '../platform/workers/script-ref'
import { UsageError, type CliIo } from './cli-io'
import type { QueryProcessAhead } from './query-process-ahead'
import { cliText, helpText, wordsFor, type CliWords } from './cli-words'
import { columnIndex, viewOptions, viewQuery, withCliReport } from './report-cli-session'
import { pivotJson, pivotOptions, pivotRequest, pivotText } from './report-pivot-cli'

const help = helpText(
  `gatedesk report-view FILE [--delimiter D] [--encoding E] [--rows FROM:TO]
                     [--sort COL[:desc]]... [--filter 'COL OP VALUE']... [--totals]
                     [--group-by COL[,COL…] [--bucket COL:day|week|month]... [--measure KIND:COL]...]
                     [--json]`,
  cliText('cli.help.report-view'),
)

const options = {
  ...viewOptions,
  rows: { type: 'string' },
  totals: { type: 'boolean' },
  ...pivotOptions,
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

/** How many of the view's first rows `--rows` may print, whatever the view's length. */
function lastRowAsked(spec: string | undefined): number {
  const to = /^\d+:(\d+)$/.exec(spec ?? '')?.[1]
  return to === undefined ? Math.max(PRINT_ALL_ROWS_MAX, DEFAULT_ROWS) : Number(to)
}

/** `--rows FROM:TO` as printed (from 1, both included), as the view's [first, past last). */
function rowRange(spec: string | undefined, rowCount: number): [number, number] {
  if (spec === undefined) return [0, rowCount <= PRINT_ALL_ROWS_MAX ? rowCount : DEFAULT_ROWS]
  const match = /^(\d+):(\d+)$/.exec(spec)
  if (!match || Number(match[1]) < 1)
    throw new UsageError(cliText('cli.wrong.rows-format', { spec }))
  const from = Number(match[1]) - 1
  const to = Math.min(Number(match[2]), rowCount)
  if (from > to) throw new UsageError(cliText('cli.wrong.rows-beyond', { spec, n: rowCount }))
  return [from, to]
}

const numeric = (type: ColumnType | undefined) =>
  type?.kind === 'integer' || type?.kind === 'decimal'

function table(header: readonly string[], types: readonly ColumnType[], rows: string[][]): string {
  const cut = (text: string) => {
    // A tab or line break inside a field would move every column after it.
    const line = text.replace(/\r?\n|\r/g, '⏎').replace(/\t/g, '⇥')
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

/** What accounting reads first: Amount per Currency and counts per type, then the other sums. */
function totalsText(totals: ReportTotals, header: readonly string[], say: CliWords['say']): string {
  const lines: string[] = []
  for (const { currency, sum, count } of totals.amountByCurrency ?? [])
    lines.push(say('cli.view.amount', { currency, sum, n: count }))
  for (const { type, count } of totals.countByType ?? [])
    lines.push(say('cli.view.type-count', { type, n: count }))
  lines.push(say('cli.view.rows', { n: totals.rowCount }))
  const perCurrency = totals.amountByCurrency !== null
  for (const { column, sum } of totals.columnSums) {
    // Amounts of different currencies added together mean nothing once they are shown apart.
    if (perCurrency && header[column]!.trim().toLowerCase() === 'amount') continue
    lines.push(say('cli.view.sum', { column: header[column]!, sum }))
  }
  return lines.join('\n')
}

/** The rows printed as people count them: the first is row 1. */
function shownText(from: number, to: number, count: number, say: CliWords['say']): string {
  if (from === to) return say('cli.view.shown-none', { count })
  return say('cli.view.shown', { from: from + 1, to, count })
}

export async function reportViewCommand(
  argv: string[],
  io: CliIo,
  scripts: (name: ScriptName) => ScriptRef,
  ahead?: QueryProcessAhead,
): Promise<number> {
  const { values, positionals } = parse(argv)
  const { say, word, explain } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  if (positionals.length !== 1) throw new UsageError(cliText('cli.wrong.one-file'))
  const file = positionals[0]!

  const { encoding, delimiter } = values
  const warm = Boolean(values.sort || values.filter || values.totals || values['group-by'])
  const opening = { command: 'view', encoding, delimiter, warm, ahead } as const
  return withCliReport(file, opening, scripts, async ({ reports, reportId }) => {
    const session = reports.get(reportId)
    const { head } = session
    const query = viewQuery(head.columns, values)
    const columnOf = (name: string, option: string) => columnIndex(head.columns, name, option)
    const pivot = pivotRequest(
      values,
      columnOf,
      defaultPivotMeasures({ header: head.columns, columnTypes: head.columnTypes }),
    )
    // DuckDB reads what the query needs while the file is indexed, in the query process.
    session.prepare(query, { totals: values.totals ?? false, ...(pivot ? { pivot } : {}) })
    await session.indexed
    // Only the rows printed are ordered (DuckDB keeps a top N), not every row of the report.
    const state = await session.setQuery(query, undefined, lastRowAsked(values.rows))
    const [from, to] = rowRange(values.rows, state.rowCount)
    const rows = await session.rows(from, to)
    const totals = values.totals ? await session.totals() : undefined
    const pivoted = pivot ? await session.pivot(pivot) : undefined
    if (values.json) {
      const { problems } = state
      io.stdout(
        `${JSON.stringify({ header: head.columns, rowCount: state.rowCount, problems, rows, ...(totals ? { totals } : {}), ...(pivoted ? pivotJson(pivoted, pivot!, head.columns) : {}) })}\n`,
      )
    } else {
      const shown = shownText(from, to, state.rowCount, say)
      const problems = state.problems.map((problem) =>
        say('cli.view.problem', { line: problem.line, message: explain(problem) }),
      )
      const parts = [table(head.columns, head.columnTypes, rows), shown, ...problems]
      if (totals) parts.push(totalsText(totals, head.columns, say))
      if (pivoted) parts.push(pivotText(pivoted, pivot!, head.columns, say))
      io.stdout(`${parts.join('\n')}\n`)
    }
    return 0
  })
}
