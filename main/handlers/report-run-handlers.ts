import type { ReportRunOutcome } from '../../preload/contract/report-run-channels'
import type { Handlers } from '../ipc'
import type { ReportRunService, RunOutcome } from '../reports/report-run-service'
import { headView } from './report-handlers'

type RunChannel = Extract<keyof Handlers, `report-runs:${string}`>

/** The window's view of an outcome: a CSV as its head and first rows, the rest as it is. */
function outcomeView(outcome: RunOutcome): ReportRunOutcome {
  if (outcome.outcome !== 'report') return outcome
  const { result } = outcome
  return {
    ...outcome,
    result: result.kind === 'pdf' ? result : { kind: 'csv', head: headView(result.opened) },
  }
}

export function reportRunHandlers(deps: { runs: ReportRunService }): Pick<Handlers, RunChannel> {
  const { runs } = deps
  return {
    'report-runs:start': async (input) => ({ jobId: runs.start(input) }),
    'report-runs:outcome': async ({ jobId }) => outcomeView(await runs.outcome(jobId)),
    'report-runs:preview': ({ environmentId, request }) => runs.preview(environmentId, request),
  }
}
