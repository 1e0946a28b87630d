import { createSendingContext, sendRecurringUpdate } from '../recurring'
import {
  type BulkJob,
  type BulkJobService,
  type BulkProgress,
  type BulkSource,
  DEFAULT_CONCURRENCY,
  connectionContexts,
  createBulkJobService,
  createBulkJournal,
  createBulkMappings,
  createPastedTables,
} from '../bulk'
import { dirname } from 'node:path'
import { ExplainedError } from '../../preload/contract/platform/explained'
import type { RequestOutcome } from '../../preload/contract/platform/request-outcomes'
import { spreadsheetLine } from '../../preload/contract/bulk/spreadsheet-line'
import { CsvError } from '../platform/csv/csv-error'
import { createKeytarSecretStore } from '../platform/keychain/keytar-secret-store'
import { appDataDir, databaseFile } from '../platform/db/data-dir'
import { openCliStore } from './cli-history'
import { checkedJobFile } from './bulk-job-file'
import { teamBulkUpdate } from './team-bulk-update'
import { workspaceOption } from './cli-records'
import { CliFailure, parseOptions, UsageError, type CliIo } from './cli-io'
import { loadConnectionFile } from './connection-file'
import { cliGatewayDeps } from './gateway-deps'
import { notOneOf, requiredOption } from './option-values'
import { cliText, helpText, mainText, wordsFor, type CliWords } from './cli-words'
import { thisProcess } from '../platform/jobs/runner-process'

const help = helpText(
  `gatedesk bulk-update --connection FILE --input updates.csv
  [--concurrency N] [--rate R] [--profile-type SRC|DST|native] [--skip-invalid] [--json]
gatedesk bulk-update --connection FILE --resume JOB [--unknown resend|skip] [--json]
gatedesk bulk-update --workspace team --connection FILE --input updates.csv|--join JOB
  [--concurrency N] [--rate R] [--profile-type SRC|DST|native] [--skip-invalid] [--json]`,
  cliText('cli.help.bulk-update', { concurrency: DEFAULT_CONCURRENCY }),
)

const options = {
  connection: { type: 'string' },
  input: { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  'profile-type': { type: 'string' },
  'skip-invalid': { type: 'boolean' },
  resume: { type: 'string' },
  unknown: { type: 'string' },
  workspace: { type: 'string' },
  join: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

function numberOption(text: string | undefined, option: string, min: number, max: number) {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new UsageError(cliText('cli.wrong.number-range', { option, min, max, value: text }))
  }
  return value
}

/** A pace as people read it: 0.5/s stays 0.5, not a rounded 1 or 0. */
const paceText = (perSecond: number) => perSecond.toFixed(perSecond < 10 ? 1 : 0)

/** A line of progress; the final summary has no pace ("0 s left" said nothing). */
function progressLine(progress: BulkProgress, say: CliWords['say'], final = false): string {
  const { states, outcomes } = progress
  const finished = states.done + states.unknown + states.skipped
  const counts = Object.entries(outcomes).map(([outcome, n]) =>
    say('cli.bulk.outcome-count', {
      outcome: say(`common.outcomes.${outcome as RequestOutcome}`),
      n,
    }),
  )
  const details = [
    say('cli.bulk.in-flight', { n: states['in-flight'] }),
    ...(counts.length > 0 ? [counts.join(', ')] : []),
    ...(states.unknown ? [say('cli.bulk.unknown-count', { n: states.unknown })] : []),
  ]
  const pace =
    progress.perSecond === null || final
      ? ''
      : ` · ${say('cli.bulk.pace', { perSecond: paceText(progress.perSecond), secondsLeft: progress.secondsLeft ?? 0 })}`
  return `${finished}/${progress.total} (${details.join('; ')})${pace}\n`
}

async function newJob(
  bulkJobs: BulkJobService,
  mappings: ReturnType<typeof createBulkMappings>,
  input: string,
  values: { 'profile-type'?: string; 'skip-invalid'?: boolean },
  settings: { concurrency: number; rate: number | null },
  environment: { id: string; name: string },
  io: CliIo,
): Promise<{ job: BulkJob; source: BulkSource; leftOut: number[] }> {
  const file = await checkedJobFile(input, values, environment, mappings.saved(), io)
  const job = bulkJobs.create(file.source, {
    environment,
    mapping: file.mapping,
    profileType: file.profileType,
    environments: file.environments,
    ...settings,
    excluded: file.badRows,
  })
  mappings.save(file.source.headers, file.mapping)
  return { job, source: file.source, leftOut: [...file.badRows].map(spreadsheetLine) }
}

export async function bulkUpdateCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  const { say, word } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  const file = requiredOption(values.connection, '--connection')
  const workspace = workspaceOption(values.workspace)
  const concurrency = numberOption(values.concurrency, '--concurrency', 1, 64)
  const rate = numberOption(values.rate, '--rate', 0.01, 10_000)
  if (workspace === 'team') {
    const connection = await loadConnectionFile(file, '--connection')
    return teamBulkUpdate({ ...values, concurrency, rate }, connection, io)
  }
  if (values.join !== undefined) throw new UsageError(cliText('cli.bulk.join-team'))
  if ((values.input === undefined) === (values.resume === undefined)) {
    throw new UsageError(cliText('cli.wrong.input-or-resume'))
  }
  if (values.unknown !== undefined && values.unknown !== 'resend' && values.unknown !== 'skip') {
    throw notOneOf('--unknown', values.unknown, ['resend', 'skip'])
  }
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
    let leftOut: number[] = []
    try {
      if (values.input !== undefined) {
        ;({ job, source, leftOut } = await newJob(
          bulkJobs,
          createBulkMappings(store.db),
          values.input,
          values,
          { concurrency: concurrency ?? DEFAULT_CONCURRENCY, rate: rate ?? null },
          environment,
          io,
        ))
        const n = bulkJobs.pendingRows(job)
        io.stderr(`${say('cli.bulk.created', { job: job.id, n, input: values.input })}\n`)
      } else {
        const found = journal.job(values.resume!)
        if (found === null)
          throw new CliFailure(cliText('cli.bulk.no-such-job', { job: values.resume! }))
        const unknown = values.unknown as 'resend' | 'skip' | undefined
        let decided: number
        ;({ job, decided } = bulkJobs.takeOver(found, { unknown, concurrency, rate }))
        if (unknown !== undefined) {
          const key = unknown === 'skip' ? 'cli.bulk.unknown-skipped' : 'cli.bulk.unknown-resent'
          io.stderr(`${say(key, { n: decided })}\n`)
        }
        source = await bulkJobs.openSource(job)
        const n = bulkJobs.pendingRows(job)
        io.stderr(`${say('cli.bulk.resuming', { job: job.id, n })}\n`)
      }
    } catch (error) {
      if (error instanceof CsvError || error instanceof ExplainedError) throw CliFailure.of(error)
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
        io.stderr(progressLine(progress, say))
      },
      onShredFailure: (error) => {
        io.stderr(`${say('cli.bulk.not-shredded', { reason: mainText(error) })}\n`)
      },
    })
    const interrupt = () => {
      io.stderr(`${say('cli.bulk.stopping', { job: job.id })}\n`)
      run.suspend()
    }
    process.once('SIGINT', interrupt)
    let summary: BulkProgress
    try {
      summary = await run.done
    } finally {
      process.off('SIGINT', interrupt)
    }
    io.stderr(progressLine(summary, say, true))
    const unknownLines = bulkJobs.unknownRows(job).map((row) => spreadsheetLine(row.rowNumber))
    if (unknownLines.length > 0) {
      const lines = unknownLines.join(', ')
      io.stderr(`${say('cli.bulk.unknown-rows', { n: unknownLines.length, lines, job: job.id })}\n`)
    }
    if (leftOut.length > 0) {
      io.stderr(`${say('cli.bulk.left-out', { n: leftOut.length, lines: leftOut.join(', ') })}\n`)
    }
    if (values.json) {
      io.stdout(
        `${JSON.stringify({
          jobId: job.id,
          state: summary.state,
          total: summary.total,
          states: summary.states,
          outcomes: summary.outcomes,
          unknownLines,
          leftOutLines: leftOut,
        })}\n`,
      )
    } else {
      const state = say(`bulk.job.states.${summary.state}`)
      io.stdout(
        `${say('cli.bulk.summary', { job: job.id, state })} ${progressLine(summary, say, true)}`,
      )
    }
    const approved = summary.outcomes['approved'] ?? 0
    // Rows left out by --skip-invalid were never sent: not every update went through.
    return approved === summary.total && leftOut.length === 0 ? 0 : 1
  } finally {
    store.close()
  }
}
