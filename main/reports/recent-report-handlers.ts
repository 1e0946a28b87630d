import type { Handlers } from '../platform/electron/ipc'
import type { RecentReports } from './recent-reports'
import type { ReportFiles } from './report-files'
import type { ReportService } from './report-service'

type RecentChannel = Extract<keyof Handlers, `recent-reports:${string}`>

export function recentReportHandlers(deps: {
  recent: RecentReports
}): Pick<Handlers, RecentChannel> {
  const { recent } = deps
  return {
    'recent-reports:list': async () => ({ entries: await recent.list() }),
    'recent-reports:open': async ({ id }) => recent.open(id),
    'recent-reports:remove': async ({ id }) => ({ removed: recent.remove(id) }),
    'recent-reports:clear': async () => ({ cleared: recent.clear() }),
    'recent-reports:remember-view': async ({ reportId, view }) => ({
      remembered: recent.rememberView(reportId, view),
    }),
  }
}

type Opened = Awaited<ReturnType<Handlers['reports:open-dropped']>>

/**
 * The channels that open a report, noting each report they open in the recent list: a file the
 * user chose or dropped, and a template run's report once the window asks for its outcome (the
 * template is known from the run's start). A report that opened is never failed by the note.
 */
export function noteOpenedReports(
  handlers: Handlers,
  deps: {
    recent: Pick<RecentReports, 'noteOpened'>
    reports: Pick<ReportService, 'get'>
    reportFiles: Pick<ReportFiles, 'resolve'>
    logError: (message: string, error: unknown) => void
  },
): Handlers {
  const runTemplates = new Map<string, { id: string; name: string }>()
  const pathOf = (opened: Opened) =>
    opened.kind === 'csv'
      ? deps.reports.get(opened.head.reportId).path
      : deps.reportFiles.resolve(opened.fileId)?.path
  const note = (opened: Opened, template: { id: string; name: string } | null) => {
    try {
      const path = pathOf(opened)
      if (!path) return
      const name =
        template?.name ?? (opened.kind === 'csv' ? opened.head.fileName : opened.fileName)
      deps.recent.noteOpened(
        template
          ? { kind: 'run', path, name, templateId: template.id }
          : { kind: 'file', path, name },
        opened,
      )
    } catch (error) {
      deps.logError('A report that opened could not be noted as recent', error)
    }
  }
  return {
    ...handlers,
    'reports:open-file': async (input) => {
      const opened = await handlers['reports:open-file'](input)
      if (opened.kind !== 'cancelled') note(opened, null)
      return opened
    },
    'reports:open-dropped': async (input) => {
      const opened = await handlers['reports:open-dropped'](input)
      note(opened, null)
      return opened
    },
    'report-runs:start': async (input) => {
      const started = await handlers['report-runs:start'](input)
      if (input.template) runTemplates.set(started.jobId, input.template)
      return started
    },
    'report-runs:outcome': async (input) => {
      const outcome = await handlers['report-runs:outcome'](input)
      const template = runTemplates.get(input.jobId)
      runTemplates.delete(input.jobId)
      if (outcome.outcome === 'report' && template) note(outcome.result, template)
      return outcome
    },
  }
}
