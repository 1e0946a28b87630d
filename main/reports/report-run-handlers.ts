import { basename } from 'node:path'
import type { ReportRunOutcome } from '../../preload/contract/reports/report-run-channels'
import { ALL_FILES, dialogWords, type FileDialogs } from '../platform/electron/dialogs'
import type { Handlers } from '../platform/electron/ipc'
import type { ReportRunService } from './report-run-service'
import type { RunOutcome } from './report-run-outcome'
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

export function reportRunHandlers(deps: {
  runs: ReportRunService
  dialogs: FileDialogs
}): Pick<Handlers, RunChannel> {
  const { runs, dialogs } = deps
  return {
    'report-runs:start': async (input) => ({ jobId: await runs.start(input) }),
    'report-runs:outcome': async ({ jobId }) => outcomeView(await runs.outcome(jobId)),
    'report-runs:preview': ({ environmentId, request }) => runs.preview(environmentId, request),
    'report-runs:save-damaged': async (input) => {
      const defaultName = runs.damagedName(input.fileId)
      const file = await dialogs.chooseFileToSave({
        ...dialogWords(input, 'reports.dialogs.saveDamaged', [ALL_FILES]),
        defaultName,
      })
      if (!file) return { file: null }
      await runs.saveDamaged(input.fileId, file)
      return { file: basename(file) }
    },
  }
}
