import { ExplainedError } from '../../preload/contract/platform/explained'
import { localRecords, type OpenRecords, type Sender } from '../history/audit-trail'
import type { HistoryRepository } from '../history/history-repository'
import { notRecorded, teamRecords } from '../history/team-records'
import { teamUncertainSameUpdate } from '../history/team-uncertain-update'
import type { EnvironmentStore } from '../environments/environment-store'
import { toGatewayEnvironment } from '../environments/gateway-environment'
import { gatewayId } from '../platform/gateway/gateway-id'
import type { TeamSession } from '../workspace/team-session'

/**
 * The app's records of a send, in the desk's workspace as it is when the send starts: this
 * desk's history, or the team's audit trail (opened and checked first, as the command line's
 * `--workspace team` does). A team workspace that cannot be used means nothing is sent.
 */
export function workspaceRecords(deps: {
  session: Pick<TeamSession, 'current'>
  history: HistoryRepository
  sender: Sender
}): OpenRecords {
  const local = localRecords(deps.history)
  return async (environment, target) => {
    let team
    try {
      team = await deps.session.current()
    } catch (error) {
      throw error instanceof ExplainedError ? notRecorded(error) : error
    }
    if (team === null) return local(environment, target)
    return {
      ...teamRecords(team, deps.sender),
      environment: { id: gatewayId(target), name: environment.name },
      uncertainSameUpdateOf: (environmentId, parameters) =>
        teamUncertainSameUpdate(team.pool, environmentId, parameters).catch((error: unknown) => {
          throw notRecorded(team.explain(error))
        }),
    }
  }
}

/**
 * The id the team's trail names one of this desk's environments by: its gateway's, as its sends
 * are recorded. One without an address yet keeps its own id, which no team entry has.
 */
export async function teamEnvironmentId(
  environments: () => Promise<Pick<EnvironmentStore, 'find'>>,
  environmentId: string,
): Promise<string> {
  try {
    const environment = await (await environments()).find(environmentId)
    return environment ? gatewayId(toGatewayEnvironment(environment)) : environmentId
  } catch {
    return environmentId
  }
}
