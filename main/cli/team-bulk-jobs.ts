import { basename } from 'node:path'
import { createTeamBulkJournal, type TeamBulkJob } from '../bulk'
import { teamHistoryWrites } from '../history'
import { thisDesk } from '../workspace'
import { openCliStore } from './cli-history'
import { onTeam } from './cli-workspace'
import type { CliWords } from './cli-words'

function jobLines(job: TeamBulkJob, say: CliWords['say']): string {
  const { states } = job
  const total = Object.values(states).reduce((sum, n) => sum + n, 0)
  const parts = [
    say('cli.bulk-jobs.team-done', { n: states.done }),
    ...(states.pending + states['in-flight'] > 0
      ? [say('cli.bulk-jobs.pending', { n: states.pending + states['in-flight'] })]
      : []),
    ...(states.unknown > 0 ? [say('cli.bulk.unknown-count', { n: states.unknown })] : []),
  ]
  return [
    say('cli.bulk-jobs.job', {
      job: job.id,
      state: say(`bulk.job.states.${job.state}`),
      created: job.createdAt.slice(0, 16).replace('T', ' '),
      file: basename(job.file),
    }),
    say('cli.bulk-jobs.counts', { total, counts: parts.join(', ') }),
    say('cli.bulk-jobs.made-by', job.madeBy),
  ].join('\n')
}

/** `bulk-jobs --workspace team`: the team's jobs, from the workspace this desk connected to. */
export async function teamJobs(limit: number, json: boolean, say: CliWords['say']) {
  const store = openCliStore()
  const desk = thisDesk()
  try {
    const jobs = await onTeam(store.db, (pool) =>
      createTeamBulkJournal({ pool, history: teamHistoryWrites(desk), desk }).jobs(limit),
    )
    if (json) return `${JSON.stringify(jobs)}\n`
    if (jobs.length === 0) return `${say('cli.bulk-jobs.none')}\n`
    return `${jobs.map((job) => jobLines(job, say)).join('\n\n')}\n`
  } finally {
    store.close()
  }
}
