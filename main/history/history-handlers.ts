import { basename } from 'node:path'
import type { Handlers } from '../platform/electron/ipc'
import {
  ALL_FILES,
  dialogWords,
  type FileDialogs,
  type OfferedFilter,
} from '../platform/electron/dialogs'
import { exportHistory } from './history-export'
import type { HistorySource } from './history-source'
import type { JobRunner } from '../platform/jobs/job-runner'
import { isCancelled } from '../platform/jobs/cancelled'

type HistoryChannel = Extract<keyof Handlers, `history:${string}`>

const CSV_FILES: OfferedFilter[] = [{ id: 'csvFiles', extensions: ['csv'] }, ALL_FILES]

/** The day's date in the file name, so exports of different days do not overwrite each other. */
const exportName = (now: Date) => `history-${now.toISOString().slice(0, 10)}.csv`

export function historyHandlers(deps: {
  /** The desk's workspace's history now: fails, explained, when the team's cannot be read. */
  history: () => Promise<HistorySource>
  dialogs: FileDialogs
  /** An export runs as a job: its progress in rows, jobs:cancel stops it. */
  jobs: JobRunner
  now?: () => Date
}): Pick<Handlers, HistoryChannel> {
  const { history, dialogs, now = () => new Date() } = deps
  return {
    'history:search': async (query) => (await history()).search(query),
    'history:export': async ({ dialogTitle, dialogFilters, ...filter }) => {
      const file = await dialogs.chooseFileToSave({
        ...dialogWords({ dialogTitle, dialogFilters }, 'history.dialogs.export', CSV_FILES),
        defaultName: exportName(now()),
      })
      if (!file) return { kind: 'cancelled' as const }
      const source = await history()
      const job = deps.jobs.start('history-export', 'rows', (context) =>
        exportHistory(source, filter, file, context),
      )
      try {
        const rows = await job.result
        return { kind: 'saved' as const, fileName: basename(file), rows }
      } catch (error) {
        if (isCancelled(error)) {
          return { kind: 'stopped' as const }
        }
        throw error
      }
    },
  }
}
