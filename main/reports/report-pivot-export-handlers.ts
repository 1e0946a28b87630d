import { basename, extname } from 'node:path'
import {
  ALL_FILES,
  dialogWords,
  type FileDialogs,
  type OfferedFilter,
} from '../platform/electron/dialogs'
import type { Handlers } from '../platform/electron/ipc'
import { exportPivot, type PivotExportFormat } from './pivot-export'
import type { ReportService } from './report-service'

/** What the save dialog offers for the pivot in each format. */
const PIVOT_FILES: Record<PivotExportFormat, OfferedFilter[]> = {
  xlsx: [{ id: 'xlsxFiles', extensions: ['xlsx'] }, ALL_FILES],
  csv: [{ id: 'csvFiles', extensions: ['csv'] }, ALL_FILES],
}

/** The pivot's export: the window sends its table, main asks where and writes the file. */
export function reportPivotExportHandlers(deps: {
  reports: Pick<ReportService, 'get'>
  dialogs: FileDialogs
}): Pick<Handlers, 'report-pivot:export'> {
  return {
    'report-pivot:export': async (input) => {
      const { reportId, format, language, table } = input
      const { path } = deps.reports.get(reportId)
      const file = await deps.dialogs.chooseFileToSave({
        ...dialogWords(input, 'reportPivot.dialogs.export', PIVOT_FILES[format]),
        defaultName: `${basename(path, extname(path))}-pivot.${format}`,
      })
      if (!file) return { file: null, rows: 0 }
      const { rows } = await exportPivot(table, file, format, language)
      return { file: basename(file), rows }
    },
  }
}
