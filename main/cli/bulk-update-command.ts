import { createSendingContext, sendRecurringUpdate } from '../recurring'
import {
  type BulkJob,
  type BulkJobService,
  type BulkProgress,
  type BulkSource,
  DEFAULT_CONCURRENCY,
  connectionContexts,
  connectionEnvironment,
  createBulkJobService,
  createBulkJournal,
  createBulkMappings,
  createPastedTables,
  readJobFile,
} from '../bulk'
import { dirname } from 'node:path'
import {
  RECURRING_PROFILE_TYPES,
  type RecurringProfileType,
} from '../../preload/contract/recurring/recurring-parameters'
import { ExplainedError } from '../../preload/contract/platform/explained'
import { isHeaderLine } from '../platform/privacy/column-name'
import { CsvError } from '../platform/csv/csv-error'
import { createKeytarSecretStore } from '../platform/keychain/keytar-secret-store'
import { appDataDir, databaseFile } from '../platform/db/data-dir'
import { openCliStore } from './cli-history'
import { CliFailure, parseOptions, UsageError, type CliIo } from './cli-io'
import { loadConnectionFile } from './connection-file'
import { cliGatewayDeps } from './gateway-deps'
import { requiredOption } from './option-values'
import { thisProcess } from '../platform/jobs/runner-process'

export const bulkUpdateUsage = `Usage: gatedesk bulk-update --connection FILE --input updates.csv
         [--concurrency N] [--rate R] [--profile-type SRC|DST|native] [--skip-invalid] [--json]
       gatedesk bulk-update --connection FILE --resume JOB [--unknown resend|skip] [--json]

Sends one update-recurring-payment request per row of a CSV file (a header row naming the
parameters of spec 4.2, then one update per row), each signed and recorded as the app's editor
does, several at a time, with a journal that survives a crash or a kill.

  --connection FILE     a connection file shaped like a sandbox's sandbox.json (see
                        "gatedesk update-recurring --help")
  --input FILE          the updates; encoding and delimiter are detected. Columns are mapped to
                        parameters by their header (as the app maps them, saved mappings too);
                        a profile-type column gives each row's profile type; an
                        environment column may only name the connection's environment
  --concurrency N       requests in flight at once, 1 to 64 (default ${DEFAULT_CONCURRENCY})
  --rate R              at most R requests a second (default: no limit)
  --profile-type TYPE   the profile type of every row without its own, for the type's checks
  --skip-invalid        leave out the rows that break the rules instead of refusing the file
  --resume JOB          go on with a job that was stopped, cancelled or killed: only rows never
                        sent are sent. Rows that were in flight when it stopped are "unknown":
                        they are listed, and never sent again unless you say so with
  --unknown resend|skip resend: each unknown row again, with a new client-orderid (check the
                        profiles first); skip: leave them out for good
  --json                print the summary as one JSON object on standard output

Every row is checked with the app's rules before anything is sent: rows that break them are
listed (row, column, rule) and nothing is sent, unless --skip-invalid. Each row gets its own
client-orderid (the file's, else the job's prefix and the row number). Progress goes to standard
error; Ctrl-C stops taking rows, lets those in flight finish, and leaves the job to --resume.
The journal and the history are the app's ($GATEDESK_DATA_DIR, else the app's data folder); the
journal holds no card data in clear, only (file, row). A job made from a table pasted in the app
resumes with the table's key from the keychain; once it can send nothing more, the table is
shredded. Exits 0 when every row was approved.`

const options = {
  connection: { type: 'string' },
  input: { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  'profile-type': { type: 'string' },
  'skip-invalid': { type: 'boolean' },
  resume: { type: 'string' },
  unknown: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

const MAX_LISTED_PROBLEMS = 50

function numberOption(text: string | undefined, option: string, min: number, max: number) {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new UsageError(`${option} must be a number from ${min} to ${max}, not "${text}"`)
  }
  return value
}

function progressLine(progress: BulkProgress): string {
  const { states, outcomes } = progress
  const finished = states.done + states.unknown + states.skipped
  const counts = Object.entries(outcomes)
    .map(([outcome, n]) => `${outcome} ${n}`)
    .join(', ')
  const pace =
    progress.perSecond === null
      ? ''
      : ` · ${progress.perSecond.toFixed(0)}/s · ${progress.secondsLeft ?? 0} s left`
  return `${finished}/${progress.total} (${states['in-flight']} in flight${counts ? `; ${counts}` : ''}${states.unknown ? `; unknown ${states.unknown}` : ''})${pace}\n`
}

/**
 * The headers as printed: quoted, or by their place when the first line is not a header line (a
 * file without one has a row of data there, card numbers and CVV2s among it).
 */
const shownHeaders = (headers: readonly string[]) =>
  isHeaderLine(headers)
    ? headers.map((header) => JSON.stringify(header))
    : headers.map((_, index) => `column ${index + 1}`)

async function newJob(
  bulkJobs: BulkJobService,
  mappings: ReturnType<typeof createBulkMappings>,
  input: string,
  values: { 'profile-type'?: string; 'skip-invalid'?: boolean },
  settings: { concurrency: number; rate: number | null },
  environment: { id: string; name: string },
  io: CliIo,
): Promise<{ job: BulkJob; source: BulkSource }> {
  const profileTypeText = values['profile-type']
  const profileType =
    profileTypeText === undefined
      ? null
      : (RECURRING_PROFILE_TYPES.find((t) => t.toLowerCase() === profileTypeText.toLowerCase()) ??
        null)
  if (profileTypeText !== undefined && profileType === null) {
    throw new UsageError(`--profile-type must be SRC, DST or native, not "${profileTypeText}"`)
  }
  // One connection, one key: a row naming another environment is refused.
  const environments = connectionEnvironment(environment)
  const { source, mapping, problems } = await readJobFile(input, {
    savedMappings: mappings.saved(),
    profileType: profileType as RecurringProfileType | null,
    environments,
  })
  const headers = shownHeaders(source.headers)
  if (!mapping.includes('recurring-payment-id')) {
    const dataLine = isHeaderLine(source.headers)
      ? ''
      : 'Its first line is not column names: it may be a row of data. '
    throw new CliFailure(
      `--input ${input}: no column is recurring-payment-id (the headers are ${headers.join(', ')}). ${dataLine}Name the columns after the parameters of spec 4.2.`,
    )
  }
  const ignored = headers.filter((_, index) => mapping[index] === null)
  if (ignored.length > 0) {
    io.stderr(`Not sent (no such parameter): ${ignored.join(', ')}\n`)
  }
  const badRows = new Set(problems.map((problem) => problem.rowNumber))
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => {
      const column = problem.column === null ? problem.parameter : headers[problem.column]
      return `  row ${problem.rowNumber}, ${column}: ${problem.message}\n`
    })
    const more =
      problems.length > MAX_LISTED_PROBLEMS
        ? `  … and ${problems.length - MAX_LISTED_PROBLEMS} more\n`
        : ''
    io.stderr(
      `${badRows.size} of ${source.rows.length} rows break the gateway's rules:\n${listed.join('')}${more}`,
    )
    if (!values['skip-invalid']) {
      throw new CliFailure(
        'nothing was sent. Correct those rows, or leave them out with --skip-invalid.',
      )
    }
  }
  if (badRows.size === source.rows.length)
    throw new CliFailure('nothing was sent: no row can be sent.')
  const job = bulkJobs.create(source, {
    environment,
    mapping,
    profileType: profileType as RecurringProfileType | null,
    environments,
    ...settings,
    excluded: badRows,
  })
  mappings.save(source.headers, mapping)
  return { job, source }
}

export async function bulkUpdateCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  if (values.help) {
    io.stdout(`${bulkUpdateUsage}\n`)
    return 0
  }
  const file = requiredOption(values.connection, '--connection')
  if ((values.input === undefined) === (values.resume === undefined)) {
    throw new UsageError('give either --input FILE (a new job) or --resume JOB')
  }
  if (values.unknown !== undefined && values.unknown !== 'resend' && values.unknown !== 'skip') {
    throw new UsageError(`--unknown must be resend or skip, not "${values.unknown}"`)
  }
  const concurrency = numberOption(values.concurrency, '--concurrency', 1, 64)
  const rate = numberOption(values.rate, '--rate', 0.01, 10_000)
  const { env, secrets } = await loadConnectionFile(file, '--connection')
  const store = openCliStore()
  const journal = createBulkJournal(store.db)
  const bulkJobs = createBulkJobService({
    journal,
    history: store.history,
    // A job made from a table pasted in the app reads it with its key from the keychain.
    pastedTables: createPastedTables({
      dataDir: dirname(databaseFile(appDataDir())),
      secrets: createKeytarSecretStore(),
      journal,
    }),
    sendUpdate: sendRecurringUpdate,
    runner: thisProcess(),
  })
  try {
    const environment = store.environmentOf(env)
    let job: BulkJob
    let source: BulkSource
    try {
      if (values.input !== undefined) {
        ;({ job, source } = await newJob(
          bulkJobs,
          createBulkMappings(store.db),
          values.input,
          values,
          { concurrency: concurrency ?? DEFAULT_CONCURRENCY, rate: rate ?? null },
          environment,
          io,
        ))
        io.stderr(`Bulk job ${job.id}: ${bulkJobs.pendingRows(job)} rows from ${values.input}\n`)
      } else {
        const found = journal.job(values.resume!)
        if (found === null)
          throw new CliFailure(`--resume ${values.resume}: no such bulk job in the journal`)
        const unknown = values.unknown as 'resend' | 'skip' | undefined
        let decided: number
        ;({ job, decided } = bulkJobs.takeOver(found, { unknown, concurrency, rate }))
        if (unknown !== undefined) {
          io.stderr(
            `${decided} unknown rows: ${unknown === 'skip' ? 'skipped' : 'to be sent again with new order ids'}\n`,
          )
        }
        source = await bulkJobs.openSource(job)
        io.stderr(`Bulk job ${job.id}: resuming, ${bulkJobs.pendingRows(job)} rows never sent\n`)
      }
    } catch (error) {
      if (error instanceof CsvError || error instanceof ExplainedError)
        throw new CliFailure(error.message)
      throw error
    }
    const context = createSendingContext({
      environment,
      target: env,
      secrets,
      gateway: cliGatewayDeps,
      history: store.history,
    })
    let lastLine = 0
    const run = bulkJobs.run(job, source, {
      rowContext: connectionContexts(context),
      onProgress: (progress) => {
        if (Date.now() - lastLine < 1000) return
        lastLine = Date.now()
        io.stderr(progressLine(progress))
      },
      onShredFailure: (error) => {
        io.stderr(
          `The pasted table of this job could not be shredded now (${error.message}); the app shreds it at its next start.\n`,
        )
      },
    })
    const interrupt = () => {
      io.stderr(`Stopping: rows in flight finish, then resume with --resume ${job.id}\n`)
      run.suspend()
    }
    process.once('SIGINT', interrupt)
    let summary: BulkProgress
    try {
      summary = await run.done
    } finally {
      process.off('SIGINT', interrupt)
    }
    io.stderr(progressLine(summary))
    const unknown = bulkJobs.unknownRows(job)
    if (unknown.length > 0) {
      io.stderr(
        `${unknown.length} rows have an unknown outcome (rows ${unknown.map((row) => row.rowNumber).join(', ')}): check those profiles, then --resume ${job.id} --unknown resend or --unknown skip\n`,
      )
    }
    if (values.json) {
      io.stdout(
        `${JSON.stringify({
          jobId: job.id,
          state: summary.state,
          total: summary.total,
          states: summary.states,
          outcomes: summary.outcomes,
          unknownRows: unknown.map((row) => row.rowNumber),
        })}\n`,
      )
    } else {
      io.stdout(`Bulk job ${job.id}: ${summary.state}. ${progressLine(summary)}`)
    }
    const approved = summary.outcomes['approved'] ?? 0
    return approved === summary.total ? 0 : 1
  } finally {
    store.close()
  }
}
