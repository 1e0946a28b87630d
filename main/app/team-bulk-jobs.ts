import { createTeamBulkJournal } from '../bulk/team-bulk-journal'
import type { Sender } from '../history/audit-trail'
import { teamHistoryWrites } from '../history/team-audit-trail'
import type { Handlers } from '../platform/electron/ipc'
import type { TeamSession } from '../workspace/team-session'

/** How many of the team's jobs History lists. */
const JOBS_LISTED = 100

/**
 * The team's bulk jobs for History's list of them: none in the local workspace; a server that
 * cannot be reached, or a query it refuses, fails in words as the team's history does.
 */
export function teamBulkJobsHandler(deps: {
  session: Pick<TeamSession, 'current'>
  desk: Sender
}): Pick<Handlers, 'workspace:team-bulk-jobs'> {
  return {
    'workspace:team-bulk-jobs': async () => {
      const team = await deps.session.current()
      if (team === null) return { workspace: 'local' as const }
      const history = teamHistoryWrites(deps.desk)
      const journal = createTeamBulkJournal({ pool: team.pool, history, desk: deps.desk })
      const jobs = await journal.jobs(JOBS_LISTED).catch((error: unknown) => {
        throw team.explain(error)
      })
      return { workspace: 'team' as const, jobs }
    },
  }
}
