import { basename } from 'node:path'
import { ALL_FILES, dialogWords, type FileDialogs } from '../platform/electron/dialogs'
import type { Handlers } from '../platform/electron/ipc'
import type { ReportFiles } from './report-files'
import { ReportClosedError, type ReportService } from './report-service'

type ReportFileChannel = Extract<keyof Handlers, `report-files:${string}`>

/** What the window may do with a report file it shows by id: it never gets a path to write. */
export function reportFileHandlers(deps: {
  reports: Pick<ReportService, 'exportFile'>
  dialogs: FileDialogs
  reportFiles: Pick<ReportFiles, 'resolve'>
}): Pick<Handlers, ReportFileChannel> {
  return {
    'report-files:save': async (input) => {
      const served = deps.reportFiles.resolve(input.fileId)
      if (!served) throw new ReportClosedError()
      const file = await deps.dialogs.chooseFileToSave({
        ...dialogWords(input, 'reports.dialogs.saveOriginal', [ALL_FILES]),
        defaultName: basename(served.path),
      })
      if (!file) return { jobId: null, file: null }
      return { jobId: deps.reports.exportFile(served.path, file), file: basename(file) }
    },
  }
}
