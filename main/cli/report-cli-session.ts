import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { SortKey, ViewQuery } from '../../preload/contract/reports/report-view'
import { cliDataDir, DATA_DIR_VARIABLE, tempRoot } from '../platform/db/data-dir'
import { privateTempDir } from '../platform/db/private-files'
import { createJobRunner, type JobEvents, type JobRunner } from '../platform/jobs/job-runner'
import { forkLauncher } from '../platform/workers/fork-launcher'
import type { ScriptName, ScriptRef } from '../platform/workers/script-ref'
import { createQueryEngine, loadReportService, type ReportService } from '../reports'
import { CliFailure, UsageError } from './cli-io'
import { cliText } from './cli-words'
import { parseFilterSpec } from './view-filter-spec'

/*
 * What the commands that open a report file (report-view, report-export) share: the options that
 * read the file and shape its view, and the engine opened for one run, cleaned up after it.
 */

/** The options that read the file and choose its view, as both commands spell them. */
export const viewOptions = {
  delimiter: { type: 'string' },
  encoding: { type: 'string' },
  sort: { type: 'string', multiple: true },
  filter: { type: 'string', multiple: true },
} as const

/** A column by its header name (exact, else ignoring case) or its 1-based number. */
export function columnIndex(header: readonly string[], name: string, option: string): number {
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

/** The view `--sort` and `--filter` ask for. */
export function viewQuery(
  header: readonly string[],
  values: { sort?: string[]; filter?: string[] },
): ViewQuery {
  return {
    sort: sortKeys(header, values.sort ?? []),
    filters: (values.filter ?? []).map((spec) =>
      parseFilterSpec(spec, (name) => columnIndex(header, name, '--filter')),
    ),
  }
}

/** A run's temp folder is named by its command and process, so that one a killed run left can be told. */
const RUN_FOLDER = /^report-(?:view|export)-(\d+)-/

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
function runTempDir(root: string, command: 'view' | 'export'): string {
  try {
    const folder = privateTempDir(root, `report-${command}-${process.pid}-`)
    removeLeftBehind(root)
    return folder
  } catch (error) {
    const reason = (error as Error).message
    throw new CliFailure(
      cliText('cli.view.temp-folder', { root, reason, variable: DATA_DIR_VARIABLE }),
    )
  }
}

/** The report a command works on, opened (its head read) and indexing. */
export interface CliReport {
  reports: ReportService
  jobs: JobRunner
  reportId: string
}

export interface CliReportOptions {
  command: 'view' | 'export'
  encoding?: string | undefined
  delimiter?: string | undefined
  /** Starts the query process as the file opens: the command sorts, filters or totals. */
  warm: boolean
  /** The jobs' events (the export's progress); none by default. */
  jobEvents?: JobEvents
  /** Removes what the command writes (an export's .part file) when a signal ends it. */
  onInterrupt?: () => void
}

/**
 * Opens `file` with the report engine as the app wires it, runs `work` on it, and closes it all
 * (the query process, this run's temp folder) however `work` ends, a signal included.
 */
export async function withCliReport<T>(
  file: string,
  options: CliReportOptions,
  scripts: (name: ScriptName) => ScriptRef,
  work: (report: CliReport) => Promise<T>,
): Promise<T> {
  const jobs = createJobRunner(options.jobEvents ?? { progress: () => {}, finished: () => {} })
  // Its UTF-8 copy and the query process's files: in a folder of this run's own in the data
  // folder's temp, as the app keeps them. A signal ends the command: the folder goes first.
  const reportTemp = runTempDir(tempRoot(cliDataDir()), options.command)
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
    options.onInterrupt?.()
    removeTemp()
    stopListening()
    process.kill(process.pid, signal)
  }
  for (const signal of ENDING_SIGNALS) process.once(signal, interrupted)
  // A command that sorts, filters or totals starts its query process (Node and DuckDB) while
  // it opens the file; one that only reads rows never starts it.
  if (options.warm) queryEngine.warm()
  let reports: ReportService | undefined
  try {
    // Loaded once the query process is on its way: it starts while this code loads.
    reports = (await loadReportService())({
      jobs,
      indexWorker: scripts('row-index-worker'),
      queryEngine,
      workRoot: reportTemp,
    })
    const { reportId } = await reports
      .open(file, { encoding: options.encoding ?? null, delimiter: options.delimiter ?? null })
      .catch((error: Error) => {
        throw CliFailure.of(error)
      })
    return await work({ reports, jobs, reportId })
  } catch (error) {
    if (error instanceof UsageError || error instanceof CliFailure) throw error
    throw CliFailure.of(error as Error)
  } finally {
    stopListening()
    await reports?.closeAll()
    queryEngine.close()
    removeTemp()
  }
}
