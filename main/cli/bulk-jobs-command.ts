import { basename } from 'node:path'
import type { RequestOutcome } from '../../preload/contract/platform/request-outcomes'
import { createBulkJournal, type BulkJob } from '../bulk'
import { openCliStore } from './cli-history'
import { parseOptions, type CliIo } from './cli-io'
import { cliText, helpText, wordsFor, type CliWords } from './cli-words'
import { workspaceOption } from './cli-records'
import { wholeNumberOption } from './option-values'
import { teamJobs } from './team-bulk-jobs'

const help = helpText(
  `gatedesk bulk-jobs [--json] [--limit N] [--workspace local|team]`,
  cliText('cli.help.bulk-jobs'),
)

const options = {
  json: { type: 'boolean' },
  limit: { type: 'string' },
  workspace: { type: 'string' },
  help: { type: 'boolean' },
} as const

const LIMIT_MAX = 1000

type JobCounts = ReturnType<ReturnType<typeof createBulkJournal>['counts']>

/** A job can go on with --resume while rows are left to send or to decide. */
const canResume = ({ states }: JobCounts) =>
  states.pending + states.unknown + states['in-flight'] > 0

function jobLines(job: BulkJob, counts: JobCounts, say: CliWords['say']): string {
  const { states, outcomes } = counts
  const total = Object.values(states).reduce((sum, n) => sum + n, 0)
  const parts = [
    ...Object.entries(outcomes).map(([outcome, n]) =>
      say('cli.bulk.outcome-count', {
        outcome: say(`common.outcomes.${outcome as RequestOutcome}`),
        n,
      }),
    ),
    ...(states.pending + states['in-flight'] > 0
      ? [say('cli.bulk-jobs.pending', { n: states.pending + states['in-flight'] })]
      : []),
    ...(states.unknown > 0 ? [say('cli.bulk.unknown-count', { n: states.unknown })] : []),
    ...(states.skipped > 0 ? [say('cli.bulk-jobs.skipped', { n: states.skipped })] : []),
  ]
  const created = job.createdAt.slice(0, 16).replace('T', ' ')
  const state = say(`bulk.job.states.${job.state}`)
  return [
    say('cli.bulk-jobs.job', { job: job.id, state, created, file: basename(job.source.path) }),
    say('cli.bulk-jobs.counts', { total, counts: parts.join(', ') }),
    ...(canResume(counts) ? [say('cli.bulk-jobs.resume', { job: job.id })] : []),
  ].join('\n')
}

/** `gatedesk bulk-jobs`: the journal's jobs, newest first, for `bulk-update --resume`. */
export async function bulkJobsCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  const { say, word } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  const limit = wholeNumberOption(values.limit, '--limit', { min: 1, max: LIMIT_MAX, fallback: 50 })
  if (workspaceOption(values.workspace) === 'team') {
    io.stdout(await teamJobs(limit, values.json === true, say))
    return 0
  }
  const store = openCliStore()
  try {
    const journal = createBulkJournal(store.db)
    const jobs = journal.jobs(limit).map((job) => ({ job, counts: journal.counts(job.id) }))
    if (values.json) {
      const listed = jobs.map(({ job, counts }) => ({
        jobId: job.id,
        file: job.source.path,
        state: job.state,
        createdAt: job.createdAt,
        environment: job.environment.name,
        states: counts.states,
        outcomes: counts.outcomes,
        resumable: canResume(counts),
      }))
      io.stdout(`${JSON.stringify(listed)}\n`)
    } else if (jobs.length === 0) {
      io.stdout(`${say('cli.bulk-jobs.none')}\n`)
    } else {
      io.stdout(`${jobs.map(({ job, counts }) => jobLines(job, counts, say)).join('\n\n')}\n`)
    }
    return 0
  } finally {
    store.close()
  }
}
