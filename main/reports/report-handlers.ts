import { basename, extname } from 'node:path'
import {
  REPORT_CELL_MAX,
  type ReportHeadView,
} from '../../preload/contract/reports/report-channels'
import {
  ALL_FILES,
  dialogWords,
  type FileDialogs,
  type OfferedFilter,
} from '../platform/electron/dialogs'
import type { Handlers } from '../platform/electron/ipc'
import { selectionAsTsv, type ViewExportFormat } from './report-export'
import { chosenReportKind, CSV_EXTENSIONS, droppedReportKind } from './report-file-kind'
import type { ReportFiles } from './report-files'
import type { OpenedReport, ReportService } from './report-service'
import type { ReportSession } from './report-session'

type ReportChannel = Extract<keyof Handlers, `reports:${string}`>

const CSV_FILES: OfferedFilter[] = [
  { id: 'csvReports', extensions: ['csv', 'txt', 'tsv'] },
  ALL_FILES,
]
/** What a save dialog offers for the view in each format. */
const VIEW_FILES: Record<ViewExportFormat, OfferedFilter[]> = {
  xlsx: [{ id: 'xlsxFiles', extensions: ['xlsx'] }, ALL_FILES],
  csv: [{ id: 'csvFiles', extensions: ['csv'] }, ALL_FILES],
  tsv: [{ id: 'tsvFiles', extensions: ['tsv'] }, ALL_FILES],
}
const REPORT_FILES: OfferedFilter[] = [
  { id: 'reports', extensions: [...CSV_EXTENSIONS, 'pdf'] },
  ALL_FILES,
]

/** A field longer than the window shows is cut; copy and export keep it whole. */
const shown = (rows: string[][]) =>
  rows.map((row) =>
    row.map((field) =>
      field.length > REPORT_CELL_MAX ? `${field.slice(0, REPORT_CELL_MAX)}…` : field,
    ),
  )

export function headView({ reportId, head, indexJobId }: OpenedReport): ReportHeadView {
  // columnTypes is read now: it is refined once the whole file is indexed.
  return { reportId, indexJobId, ...head, columnTypes: head.columnTypes, rows: shown(head.rows) }
}

function stateView(session: ReportSession) {
  return { ...session.state(), columnTypes: session.head.columnTypes }
}

/** Opens a report file for the window: a CSV in the engine, a PDF registered by file id. */
export async function openReportAs(
  deps: { reports: Pick<ReportService, 'open'>; reportFiles: Pick<ReportFiles, 'register'> },
  file: string,
  kind: 'pdf' | 'csv',
) {
  if (kind === 'pdf') {
    const fileId = deps.reportFiles.register(file, 'application/pdf')
    return { kind: 'pdf' as const, fileId, fileName: basename(file) }
  }
  return { kind: 'csv' as const, head: headView(await deps.reports.open(file)) }
}

export function reportHandlers(deps: {
  reports: ReportService
  dialogs: FileDialogs
  reportFiles: Pick<ReportFiles, 'register' | 'forget'>
  /** The app's own data folder: a file in it is never opened as a dropped report. */
  dataDir: string
}): Pick<Handlers, ReportChannel> {
  const { reports, dialogs } = deps
  const openAs = (file: string, kind: 'pdf' | 'csv') => openReportAs(deps, file, kind)
  return {
    'reports:open-file': async (input) => {
      const file = await dialogs.chooseFileToOpen(
        dialogWords(input, 'reports.dialogs.open', REPORT_FILES),
      )
      if (!file) return { kind: 'cancelled' as const }
      return openAs(file, await chosenReportKind(file))
    },
    // The path comes from the preload (Electron's own answer for a dropped File), never the page;
    // main checks it all the same, as a page that got hold of the channel could send any path.
    'reports:open-dropped': async ({ path }) =>
      openAs(path, await droppedReportKind(path, deps.dataDir)),
    'reports:state': async ({ reportId }) => stateView(reports.get(reportId)),
    'reports:rows': async ({ reportId, from, to }) => {
      const session = reports.get(reportId)
      const [rows, rowIds] = await Promise.all([session.rows(from, to), session.rowIds(from, to)])
      return { rows: shown(rows), rowIds: Array.from(rowIds) }
    },
    'reports:query': async ({ reportId, query }) => {
      const session = reports.get(reportId)
      await session.setQuery(query)
      return stateView(session)
    },
    'reports:totals': async ({ reportId }) => reports.get(reportId).totals(),
    'reports:pivot': async ({ reportId, pivot }) => reports.get(reportId).pivot(pivot),
    'reports:distinct-values': async ({ reportId, column }) =>
      reports.get(reportId).distinctValues(column),
    'reports:copy': async ({ reportId, from, to, columns, withHeader }) => {
      return { text: await selectionAsTsv(reports.get(reportId), from, to, columns, withHeader) }
    },
    'reports:export': async (input) => {
      const { reportId, what, columns, exactBytes, format, language } = input
      const session = reports.get(reportId)
      const name = basename(session.path, extname(session.path))
      const title =
        what === 'original' ? 'reports.dialogs.saveOriginal' : 'reports.dialogs.exportView'
      const file = await dialogs.chooseFileToSave({
        ...dialogWords(input, title, what === 'original' ? CSV_FILES : VIEW_FILES[format]),
        defaultName: what === 'original' ? basename(session.path) : `${name}-view.${format}`,
      })
      if (!file) return { jobId: null, file: null }
      const jobId =
        what === 'original'
          ? reports.exportOriginal(reportId, file)
          : reports.exportView(reportId, file, columns, { format, exactBytes, language })
      return { jobId, file: basename(file) }
    },
    'reports:close': async ({ reportId }) => {
      await reports.close(reportId)
      return {}
    },
    'reports:forget-file': async ({ fileId }) => {
      deps.reportFiles.forget(fileId)
      return {}
    },
  }
}
