import type { BulkService } from '../bulk/bulk-service'
import { explainedError } from '../platform/i18n/english'

/**
 * The Bulk screen's service, its sends refused while the desk works in the team workspace: its
 * jobs run on this desk's own journal and history, which the team's audit trail would never see,
 * and the team's jobs (claimed row by row across desks) run from the command line for now. A
 * dry run, the jobs already made and their rows stay as they are.
 */
export function bulkOutsideTeam(bulk: BulkService, inTeam: () => boolean): BulkService {
  const refusedInTeam =
    <A extends unknown[], R>(send: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      inTeam() ? Promise.reject(explainedError('workspace.bulk-in-app')) : send(...args)
  return {
    ...bulk,
    start: refusedInTeam(bulk.start),
    resume: refusedInTeam(bulk.resume),
    sendFailedAgain: refusedInTeam(bulk.sendFailedAgain),
  }
}
