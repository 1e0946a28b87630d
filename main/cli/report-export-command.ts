import { rmSync } from 'node:fs'
import { basename, extname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { byteSize } from '../../preload/contract/locales/unit-wording'
import type { JobProgress } from '../../preload/contract/platform/jobs'
import type { ScriptName, ScriptRef } from '../platform/workers/script-ref'
import { loadViewExport, type ViewExportFormat } from '../reports'
import { CliFailure, UsageError, type CliIo } from './cli-io'
import { cliText, helpText, wordsFor, type CliText } from './cli-words'
import { columnIndex, viewOptions, viewQuery, withCliReport } from './report-cli-session'

const help = helpText(
  `gatedesk report-export FILE --out F [--format csv|tsv|xlsx] [--sort COL[:desc]]...
                       [--filter 'COL OP VALUE']... [--columns A,B,…] [--delimiter D]
                       [--encoding E] [--json]`,
  cliText('cli.export.help'),
)

const options = {
  ...viewOptions,
  format: { type: 'string' },
  out: { type: 'string' },
  columns: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

const FORMATS: readonly ViewExportFormat[] = ['csv', 'tsv', 'xlsx']
/** The least time between two progress lines at a terminal. */
const PROGRESS_INTERVAL_MS = 250

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true })
  } catch (error) {
    throw new UsageError(cliText('cli.wrong.options', { detail: (error as Error).message }))
  }
}

const isFormat = (value: string): value is ViewExportFormat =>
  (FORMATS as readonly string[]).includes(value)

/** --format, or the format the name given to --out ends in. */
function formatOf(given: string | undefined, out: string): ViewExportFormat {
  if (given !== undefined) {
    const format = given.toLowerCase()
    if (isFormat(format)) return format
    throw new UsageError(
      cliText('cli.wrong.one-of', {
        option: '--format',
        choices: 'csv, tsv',
        last: 'xlsx',
        value: given,
      }),
    )
  }
  const named = extname(out).slice(1).toLowerCase()
  if (isFormat(named)) return named
  throw new UsageError(cliText('cli.export.format-needed', { out }))
}

/** --columns: names or 1-based numbers, comma-separated, in the order to write them. */
function chosenColumns(header: readonly string[], spec: string | undefined): number[] | null {
  if (spec === undefined) return null
  const names = spec
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (names.length === 0) throw new UsageError(cliText('cli.export.no-columns', { spec }))
  return names.map((name) => columnIndex(header, name, '--columns'))
}

/** A progress line that rewrites itself at a terminal, and its last state ended by a newline. */
function progressLine(io: CliIo, say: (text: CliText) => string) {
  let lastAt = 0
  let shown = false
  return {
    show(done: number, total: number | null) {
      if (!io.stderrIsTerminal || total === null) return
      if (done < total && Date.now() - lastAt < PROGRESS_INTERVAL_MS) return
      lastAt = Date.now()
      shown = true
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100)
      io.stderr(`\r${say(cliText('cli.export.progress', { done, total, percent }))}`)
    },
    end() {
      if (shown) io.stderr('\n')
    },
  }
}

export async function reportExportCommand(
  argv: string[],
  io: CliIo,
  scripts: (name: ScriptName) => ScriptRef,
): Promise<number> {
  const { values, positionals } = parse(argv)
  const { say, word } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  if (positionals.length !== 1) throw new UsageError(cliText('cli.wrong.one-file'))
  if (values.out === undefined)
    throw new UsageError(cliText('cli.wrong.required', { option: '--out' }))
  const out = resolve(values.out)
  const format = formatOf(values.format, values.out)
  const progress = progressLine(io, word)
  const jobEvents = {
    progress: ({ done, total }: JobProgress) => progress.show(done, total),
    finished: () => {},
  }
  const result = await withCliReport(
    positionals[0]!,
    {
      command: 'export',
      encoding: values.encoding,
      delimiter: values.delimiter,
      warm: Boolean(values.sort || values.filter),
      jobEvents,
      // A signal ends the export: its .part file goes, and a file already at --out stays.
      onInterrupt: () => rmSync(`${out}.part`, { force: true }),
    },
    scripts,
    async ({ reports, reportId, jobs }) => {
      const session = reports.get(reportId)
      const query = viewQuery(session.head.columns, values)
      const columns = chosenColumns(session.head.columns, values.columns)
      session.prepare(query)
      await session.indexed
      await session.setQuery(query)
      // XLSX is written in a thread of its own, as the app writes it (its memory stays bounded).
      const xlsxWorker = scripts('xlsx-export-worker')
      const options = { format, language: io.language ?? 'en', xlsxWorker }
      const exportViewAs = await loadViewExport()
      const job = jobs.start('report-export', 'rows', (context) =>
        exportViewAs(session, out, columns, context, options),
      )
      try {
        return await job.result
      } catch (error) {
        const reason = (error as Error).message
        throw new CliFailure(cliText('cli.export.cannot-write', { path: values.out!, reason }))
      } finally {
        progress.end()
      }
    },
  )
  if (values.json) {
    io.stdout(`${JSON.stringify({ file: out, format, ...result })}\n`)
    return 0
  }
  const lines = [
    say('cli.export.saved', {
      n: result.rows,
      file: basename(out),
      format: format.toUpperCase(),
      size: (wording) => byteSize(wording, result.bytes),
    }),
  ]
  const { sheets = 1 } = result
  if (sheets > 1) lines.push(say('cli.export.saved-sheets', { n: sheets }))
  io.stdout(`${lines.join('\n')}\n`)
  return 0
}
