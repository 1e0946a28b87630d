import { basename, extname } from 'node:path'
import { REPORT_CELL_MAX, type ReportHeadView } from '../../preload/contract/report-channels'
import type { FileDialogs } from '../dialogs'
import type { Handlers } from '../ipc'
import { selectionAsTsv } from '../reports/report-export'
import type { OpenedReport, ReportService } from '../reports/report-service'
import type { ReportSession } from '../reports/report-session'

type ReportChannel = Extract<keyof Handlers, `reports:${string}`>

const CSV_FILES = [
  { name: 'CSV reports', extensions: ['csv', 'txt', 'tsv'] },
  { name: 'All files', extensions: ['*'] },
]

/** A field longer than the window shows is cut; copy and export keep it whole. */
const shown = (rows: string[][]) =>
  rows.map((row) =>
    row.map((field) =>
      field.length > REPORT_CELL_MAX ? `${field.slice(0, REPORT_CELL_MAX)}…` : field,
    ),
  )

function headView({ reportId, head, indexJobId }: OpenedReport): ReportHeadView {
  // columnTypes is read now: it is refined once the whole file is indexed.
  return { reportId, indexJobId, ...head, columnTypes: head.columnTypes, rows: shown(head.rows) }
}

function stateView(session: ReportSession) {
  return { ...session.state(), columnTypes: session.head.columnTypes }
}

export function reportHandlers(deps: {
  reports: ReportService
  dialogs: FileDialogs
}): Pick<Handlers, ReportChannel> {
  const { reports, dialogs } = deps
  return {
    'reports:open-file': async () => {
      const file = await dialogs.chooseFileToOpen({ title: 'Open a report', filters: CSV_FILES })
      if (!file) return { cancelled: true as const }
      return headView(await reports.open(file))
    },
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
    'reports:copy': async ({ reportId, from, to, columns, withHeader }) => {
      return { text: await selectionAsTsv(reports.get(reportId), from, to, columns, withHeader) }
    },
    'reports:export': async ({ reportId, what, columns }) => {
      const session = reports.get(reportId)
      const name = basename(session.path, extname(session.path))
      const file = await dialogs.chooseFileToSave({
        title: what === 'original' ? 'Save the report as it came' : 'Export this view as CSV',
        defaultName: what === 'original' ? basename(session.path) : `${name}-view.csv`,
        filters: CSV_FILES,
      })
      if (!file) return { jobId: null, file: null }
      const jobId =
        what === 'original'
          ? reports.exportOriginal(reportId, file)
          : reports.exportView(reportId, file, columns)
      return { jobId, file: basename(file) }
    },
    'reports:close': async ({ reportId }) => {
      await reports.close(reportId)
      return {}
    },
  }
}
