import { spreadsheetLine } from '../../preload/contract/bulk/spreadsheet-line'
import type { RequestOutcome } from '../../preload/contract/platform/request-outcomes'
import {
  createBulkMappings,
  createTeamBulkJournal,
  DEFAULT_CONCURRENCY,
  teamJobRows,
  workOnTeamJob,
  type DeskTally,
  type TeamBulkJournal,
  type TeamRowState,
} from '../bulk'
import { teamHistoryWrites } from '../history'
import { thisDesk, type WorkspaceService } from '../workspace'
import { gatewayId } from '../platform/gateway/gateway-id'
import type { LoadedConnection } from './connection-file'
import { createSendingContext, sendRecurringUpdate } from '../recurring'
import { checkedJobFile } from './bulk-job-file'
import { openCliStore, type CliStore } from './cli-history'
import { CliError, CliFailure, UsageError, type CliIo } from './cli-io'
import { cliWorkspaceService, explained } from './cli-workspace'
import { cliText, wordsFor, type CliWords } from './cli-words'
import { cliGatewayDeps } from './gateway-deps'

export interface TeamBulkOptions {
  input?: string
  join?: string
  resume?: string
  unknown?: string
  'profile-type'?: string
  'skip-invalid'?: boolean
  json?: boolean
  concurrency?: number
  rate?: number
}

/** A new team job from `--input`: checked with the app's rules, every row pending. */
async function createTeamJob(
  journal: TeamBulkJournal,
  store: CliStore,
  values: TeamBulkOptions & { input: string },
  environment: { id: string; name: string },
  io: CliIo,
) {
  const mappings = createBulkMappings(store.db)
  const file = await checkedJobFile(values.input, values, environment, mappings.saved(), io)
  const { rows, untyped } = teamJobRows(file.source, file.mapping, file.profileType, file.badRows)
  if (untyped.length > 0) {
    const lines = untyped.map(spreadsheetLine).join(', ')
    throw new CliFailure(
      cliText('cli.workspace.bulk.untyped', { input: values.input, lines, n: untyped.length }),
    )
  }
  const jobId = await explained(() =>
    journal.createJob({ sourceName: file.source.path, environment, rows }),
  )
  mappings.save(file.source.headers, file.mapping)
  const { say } = wordsFor(io.language)
  const created = { job: jobId, n: rows.length, input: values.input }
  io.stderr(`${say('cli.workspace.bulk.created', created)}\n`)
  return { jobId, leftOut: [...file.badRows].map(spreadsheetLine) }
}

/** Joins a job of the team: rows left in flight by desks that died become unknown first. */
async function joinTeamJob(journal: TeamBulkJournal, jobId: string, io: CliIo) {
  const { say } = wordsFor(io.language)
  const recovered = await explained(() => journal.recoverInterrupted(jobId))
  const { pending } = await explained(() => journal.counts(jobId))
  io.stderr(`${say('cli.workspace.bulk.joining', { job: jobId, n: pending })}\n`)
  if (recovered > 0) io.stderr(`${say('cli.workspace.bulk.recovered', { n: recovered })}\n`)
}

const outcomesText = (outcomes: DeskTally['outcomes'], say: CliWords['say']) => {
  const counts = Object.entries(outcomes).map(([outcome, n]) =>
    say('cli.bulk.outcome-count', {
      outcome: say(`common.outcomes.${outcome as RequestOutcome}`),
      n,
    }),
  )
  return counts.length > 0 ? counts.join(', ') : say('cli.workspace.bulk.none-sent')
}

const jobCounts = (states: Record<TeamRowState, number>) => ({
  done: states.done,
  total: Object.values(states).reduce((sum, n) => sum + n, 0),
  inFlight: states['in-flight'],
  pending: states.pending,
  unknown: states.unknown,
})

/**
 * `bulk-update --workspace team`: this desk makes a team job (`--input`) or joins one (`--join`),
 * then sends rows until none is left to any desk. Its summary says what *this* desk sent.
 */
export async function teamBulkUpdate(
  values: TeamBulkOptions,
  connection: LoadedConnection,
  io: CliIo,
): Promise<number> {
  if (
    (values.input === undefined) === (values.join === undefined) ||
    values.resume !== undefined ||
    values.unknown !== undefined
  ) {
    throw new UsageError(cliText('cli.workspace.bulk.options'))
  }
  const store = openCliStore()
  try {
    const team = await explained(() => cliWorkspaceService(store.db).openTeam())
    try {
      return await deskPart(team, store, values, connection, io)
    } catch (error) {
      // A query that failed on the way (the server gone, a right) in words, as a check says it.
      throw error instanceof CliError ? error : CliFailure.of(team.explain(error))
    } finally {
      await team.pool.end()
    }
  } finally {
    store.close()
  }
}

/** This desk's part of a team job, from making or joining it to its summary. */
async function deskPart(
  team: Awaited<ReturnType<WorkspaceService['openTeam']>>,
  store: CliStore,
  values: TeamBulkOptions,
  connection: LoadedConnection,
  io: CliIo,
): Promise<number> {
  const { say } = wordsFor(io.language)
  const { pool } = team
  const desk = thisDesk()
  // The database refuses a viewer's sends anyway: said here, before the file is read.
  if (team.workspace.role === 'viewer') {
    const role = cliText('cli.workspace.roles.viewer')
    throw new CliFailure(cliText('cli.workspace.bulk.viewer', { role, user: pool.options.user! }))
  }
  const journal = createTeamBulkJournal({ pool, history: teamHistoryWrites(desk), desk })
  // The gateway's id is the same on every desk: a joining desk's connection must name it.
  const environment = {
    id: gatewayId(connection.env),
    name: store.environmentOf(connection.env).name,
  }
  let jobId: string
  let leftOut: number[] = []
  if (values.input !== undefined) {
    const input = { ...values, input: values.input }
    ;({ jobId, leftOut } = await createTeamJob(journal, store, input, environment, io))
  } else {
    jobId = values.join!
    await joinTeamJob(journal, jobId, io)
  }
  const run = await explained(() => journal.startRun(jobId))
  let tally: DeskTally
  try {
    if (run.environment.id !== environment.id) {
      const named = { job: jobId, environment: run.environment.name }
      throw new CliFailure(cliText('cli.workspace.bulk.other-gateway', named))
    }
    tally = await sendTeamRows(run, journal, jobId, connection, store, values, io)
  } finally {
    await run.end()
  }
  const counts = jobCounts(await explained(() => journal.counts(jobId)))
  const approved = tally.outcomes.approved ?? 0
  if (values.json) {
    const { taken: sent, outcomes } = tally
    const summary = { jobId, workspace: 'team', sent, approved, outcomes, job: counts }
    io.stdout(`${JSON.stringify({ ...summary, leftOutLines: leftOut })}\n`)
  } else {
    const outcomes = outcomesText(tally.outcomes, say)
    const summary = { job: jobId, taken: tally.taken, outcomes, ...counts }
    io.stdout(`${say('cli.workspace.bulk.summary', summary)}\n`)
  }
  if (leftOut.length > 0) {
    io.stderr(`${say('cli.bulk.left-out', { n: leftOut.length, lines: leftOut.join(', ') })}\n`)
  }
  // This desk's part went through when every row it sent was approved and none was left out.
  return approved === tally.taken && leftOut.length === 0 ? 0 : 1
}

/** Sends this desk's rows, with a line of progress a second; Ctrl-C stops taking rows. */
async function sendTeamRows(
  run: Awaited<ReturnType<TeamBulkJournal['startRun']>>,
  journal: TeamBulkJournal,
  jobId: string,
  connection: LoadedConnection,
  store: CliStore,
  values: TeamBulkOptions,
  io: CliIo,
): Promise<DeskTally> {
  const { say } = wordsFor(io.language)
  const context = createSendingContext({
    environment: run.environment,
    target: connection.env,
    secrets: connection.secrets,
    gateway: cliGatewayDeps,
    history: store.history,
  })
  const work = workOnTeamJob(run, {
    context,
    sendUpdate: sendRecurringUpdate,
    concurrency: values.concurrency ?? DEFAULT_CONCURRENCY,
    rate: values.rate ?? null,
  })
  const progress = setInterval(() => {
    journal.counts(jobId).then(
      (states) => {
        const line = say('cli.workspace.bulk.progress', {
          taken: work.tally().taken,
          ...jobCounts(states),
        })
        io.stderr(`${line}\n`)
      },
      // A count that fails says nothing: the run itself reports a lost server.
      () => undefined,
    )
  }, 1000)
  const interrupt = () => {
    io.stderr(`${say('cli.workspace.bulk.stopping', { job: jobId })}\n`)
    work.stop()
  }
  process.once('SIGINT', interrupt)
  try {
    return await explained(() => work.done)
  } finally {
    clearInterval(progress)
    process.off('SIGINT', interrupt)
  }
}
