import { explainedDetail, type ExplainedError } from '../../preload/contract/platform/explained'
import { explainedError } from '../platform/i18n/english'
import type { OpenedTeam } from '../workspace'
import type { RequestRecords, Sender } from './audit-trail'
import { createTeamAuditTrail } from './team-audit-trail'

/** Nothing was sent, as the team's audit trail could not record the request: `cause` says why. */
export const notRecorded = (cause: ExplainedError) =>
  explainedError('workspace.records.not-sent', explainedDetail(cause))

/**
 * The team's audit trail as a send records in it (the command line's and the app's): a request
 * the database refuses to record (a viewer's update: 42501) or a server that cannot be reached
 * fails with what happened and what to do, and so is never sent.
 */
export function teamRecords(
  team: Pick<OpenedTeam, 'pool' | 'explain' | 'workspace'>,
  sender: Sender,
): RequestRecords {
  const trail = createTeamAuditTrail(team.pool, sender)
  return {
    recordSending: (request) =>
      trail.recordSending(request).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === '42501') {
          throw explainedError('workspace.records.role-refused', {
            role: team.workspace.role ?? '-',
          })
        }
        throw notRecorded(team.explain(error))
      }),
    recordResult: (id, result) =>
      trail.recordResult(id, result).catch((error: unknown) => {
        throw team.explain(error)
      }),
  }
}
