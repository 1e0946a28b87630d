import { explainedDetail, ExplainedError } from '../../preload/contract/platform/explained'
import type { HistoryFilter } from '../history/history-filter'
import type { HistoryRepository } from '../history/history-repository'
import type { HistorySource } from '../history/history-source'
import { teamHistorySource } from '../history/team-history-search'
import { explainedError } from '../platform/i18n/english'
import type { TeamSession } from '../workspace/team-session'

/** The team's history cannot be read now: `cause` says why; nothing else is shown instead. */
const unavailable = (cause: unknown) =>
  cause instanceof ExplainedError
    ? explainedError('workspace.records.unavailable', explainedDetail(cause))
    : cause

/**
 * The history the History screen reads now: this desk's in the local workspace, the team's audit
 * trail in the team's. A team trail that cannot be read fails with what to do; it never falls
 * back to this desk's history as if it were the team's.
 */
export function workspaceHistory(deps: {
  session: Pick<TeamSession, 'current'>
  history: HistoryRepository
  /** The id the team's trail names one of this desk's environments by (its gateway's). */
  teamEnvironmentId: (environmentId: string) => Promise<string>
}): () => Promise<HistorySource> {
  return async () => {
    let team
    try {
      team = await deps.session.current()
    } catch (error) {
      throw unavailable(error)
    }
    if (team === null) return deps.history
    const source = teamHistorySource(team.pool)
    const failed = (error: unknown): never => {
      throw unavailable(team.explain(error))
    }
    const teamFilter = async <F extends HistoryFilter>(filter: F): Promise<F> =>
      filter.environmentId
        ? { ...filter, environmentId: await deps.teamEnvironmentId(filter.environmentId) }
        : filter
    return {
      search: async (query) => {
        try {
          return await source.search(await teamFilter(query))
        } catch (error) {
          return failed(error)
        }
      },
      async *matching(filter) {
        try {
          yield* source.matching(await teamFilter(filter))
        } catch (error) {
          failed(error)
        }
      },
    }
  }
}
