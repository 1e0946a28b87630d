import { basename } from 'node:path'
import type { Handlers } from '../platform/electron/ipc'
import type { ReportFiles } from './report-files'
import type { PdfPrinter } from './report-print'
import type { ReportService } from './report-service'

type ReportPrintChannel = Extract<keyof Handlers, `report-print:${string}`>

/** Printing the grid's view: a job making a PDF the window previews by file id. */
export function reportPrintHandlers(deps: {
  reports: Pick<ReportService, 'printView'>
  reportFiles: Pick<ReportFiles, 'register'>
  printer: PdfPrinter
}): Pick<Handlers, ReportPrintChannel> {
  return {
    'report-print:view': async ({ reportId, columns, language, dateLocale, filters }) => {
      const { jobId, path } = deps.reports.printView(reportId, columns, {
        printer: deps.printer,
        language,
        dateLocale,
        filters,
      })
      // Registered now, read once the job is done: the window opens it only then.
      const fileId = deps.reportFiles.register(path, 'application/pdf')
      return { jobId, fileId, fileName: basename(path) }
    },
  }
}
