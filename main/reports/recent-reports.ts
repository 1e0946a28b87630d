import { basename } from 'node:path'
import type { RecentReport } from '../../preload/contract/reports/recent-reports'
import type { SavedViewContent } from '../../preload/contract/reports/saved-views'
import { coded } from '../platform/i18n/english'
import type { openReportAs } from './report-handlers'
import type {
  OpenedReportFact,
  RecentEntry,
  RecentReportsRepository,
} from './recent-reports-repository'

/** A report opened for the window, as 'reports:open-file' answers. */
export type OpenedForWindow = Awaited<ReturnType<typeof openReportAs>>

const factOf = (entry: RecentEntry): OpenedReportFact =>
  entry.kind === 'run' && entry.templateId
    ? { kind: 'run', path: entry.path, name: entry.name, templateId: entry.templateId }
    : { kind: 'file', path: entry.path, name: entry.name }

/**
 * Open recent: every report the user opens (a file, or a template's run) is noted with the view
 * it is last seen with; opening one again brings that view back, and a file no longer there is
 * said to be missing rather than failing. `changed` tells the window and the File menu.
 */
export function createRecentReports(deps: {
  repository: RecentReportsRepository
  /** Opens the file at `path` for the window (its kind read from the file). */
  open: (path: string) => Promise<OpenedForWindow>
  exists: (path: string) => Promise<boolean>
  changed: () => void
}) {
  const { repository } = deps
  /** Which entry each CSV report open in this session is, for its view as last seen. */
  const entryOfReport = new Map<string, string>()

  function noteOpened(fact: OpenedReportFact, opened: OpenedForWindow): void {
    const id = repository.noteOpened(fact)
    if (opened.kind === 'csv') entryOfReport.set(opened.head.reportId, id)
    deps.changed()
  }

  const shown = async (entry: RecentEntry): Promise<RecentReport> => ({
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    fileName: basename(entry.path),
    openedAt: entry.openedAt,
    missing: !(await deps.exists(entry.path)),
  })

  return {
    noteOpened,

    /** Newest first, each checked for its file. */
    list: async (): Promise<RecentReport[]> => Promise.all(repository.list().map(shown)),

    /** Newest first, as the File menu names them (no file checks: a click says if one is gone). */
    menuEntries: () => repository.list().map(({ id, name }) => ({ id, name })),

    async open(id: string) {
      const entry = repository.get(id)
      if (!entry) return { status: 'gone' as const }
      if (!(await deps.exists(entry.path))) {
        const missing =
          entry.kind === 'run'
            ? coded('recent-report.run-missing', { name: entry.name })
            : coded('recent-report.file-missing', { file: basename(entry.path) })
        return { status: 'missing' as const, ...missing }
      }
      const result = await deps.open(entry.path)
      noteOpened(factOf(entry), result)
      return {
        status: 'opened' as const,
        result,
        view: entry.view,
        templateId: entry.kind === 'run' ? entry.templateId : null,
      }
    },

    /** Keeps the view of an open report as last seen; false when it is not a recent one. */
    rememberView(reportId: string, view: SavedViewContent): boolean {
      const id = entryOfReport.get(reportId)
      return id !== undefined && repository.rememberView(id, view)
    },

    remove(id: string): boolean {
      const removed = repository.remove(id)
      if (removed) deps.changed()
      return removed
    },

    clear(): number {
      const cleared = repository.clear()
      deps.changed()
      return cleared
    },
  }
}

export type RecentReports = ReturnType<typeof createRecentReports>
