import { rmSync } from 'node:fs'
import type { SortKey, ViewQuery } from '../../preload/contract/reports/report-view'
import { createJobRunner, type JobEvents, type JobRunner } from '../platform/jobs/job-runner'
import { forkLauncher } from '../platform/workers/fork-launcher'
import type { ScriptName, ScriptRef } from '../platform/workers/script-ref'
import { createQueryEngine, loadReportService, type ReportService } from '../reports'
import { CliFailure, UsageError } from './cli-io'
import { cliText } from './cli-words'
import type { QueryProcessAhead } from './query-process-ahead'
import { DATA_DIR_VARIABLE } from '../platform/db/data-dir'
import { ENDING_SIGNALS, newRunFolder, runFoldersRoot } from './report-run-folder'
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

/** A new folder for this run (see newRunFolder), or a failure that says where and what to do. */
function runTempDir(command: 'view' | 'export'): string {
  try {
    return newRunFolder(command)
  } catch (error) {
    const reason = (error as Error).message
    const root = runFoldersRoot()
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
  /** The run's folder and query process main.ts started before the command loaded. */
  ahead?: QueryProcessAhead | undefined
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
  const ahead = options.ahead?.take()
  const reportTemp = ahead?.runFolder ?? runTempDir(options.command)
  // Retried: a file the query process writes as it ends would make one removal fail.
  const removeTemp = () => rmSync(reportTemp, { recursive: true, force: true, maxRetries: 3 })
  const stopListening = () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, interrupted)
  }
  const queryEngine = createQueryEngine({
    launch: forkLauncher,
    script: scripts('query-process'),
    scratchRoot: reportTemp,
    ...(ahead ? { launched: ahead.launched } : {}),
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
  // Only now: a signal the ahead's listeners heard, not yet told, comes to these.
  await options.ahead?.release()
  // A command that sorts, filters or totals starts its query process (Node and DuckDB) while
  // it opens the file; one that only reads rows never starts it.
  if (options.warm) queryEngine.warm()
  let reports: ReportService | undefined
  try {
    // Loaded once the query process is on its way: it starts while this code loads.
    reports = (await loadReportService())({
      jobs,
      indexWorker: scripts('row-index-worker'),
      // This thread only waits for the index: scanning here saves a thread's start. A command
      // that asks DuckDB, which reads the file on both cores meanwhile, scans it in one part.
      indexing: { firstPartHere: true, ...(options.warm ? { twoPartsFrom: Infinity } : {}) },
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
    // Ended before its folder goes: a process still starting would write in it again.
    await queryEngine.close()
    removeTemp()
  }
}
