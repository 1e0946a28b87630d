import type { Handlers } from '../platform/electron/ipc'
import { appHandlers } from './app-handlers'
import { bulkHandlers } from '../bulk/bulk-handlers'
import { environmentHandlers } from '../environments/environment-handlers'
import { historyHandlers } from '../history/history-handlers'
import { jobHandlers } from './job-handlers'
import { recurringHandlers } from '../recurring/recurring-handlers'
import { reportFileHandlers } from '../reports/report-file-handlers'
import { reportGridHandlers } from '../reports/report-grid-handlers'
import { reportHandlers } from '../reports/report-handlers'
import { reportPivotExportHandlers } from '../reports/report-pivot-export-handlers'
import { reportPrintHandlers } from '../reports/report-print-handlers'
import { reportRunHandlers } from '../reports/report-run-handlers'
import { recentReportHandlers } from '../reports/recent-report-handlers'
import { reportTemplateHandlers } from '../templates/report-template-handlers'
import { savedViewHandlers } from '../templates/saved-view-handlers'
import { sandboxHandlers } from '../sandbox/sandbox-handlers'
import { workspaceHandlers } from '../workspace/workspace-handlers'
import { teamBulkJobsHandler } from './team-bulk-jobs'

/** Every channel's handler, bound to its services. */
export function createHandlers(services: {
  app: Parameters<typeof appHandlers>[0]
  environments: Parameters<typeof environmentHandlers>[0]
  recurring: Parameters<typeof recurringHandlers>[0]
  history: Parameters<typeof historyHandlers>[0]
  sandbox: Parameters<typeof sandboxHandlers>[0]
  jobs: Parameters<typeof jobHandlers>[0]
  reports: Parameters<typeof reportHandlers>[0] & Parameters<typeof reportFileHandlers>[0]
  reportPrint: Parameters<typeof reportPrintHandlers>[0]
  templates: Parameters<typeof reportTemplateHandlers>[0]
  views: Parameters<typeof savedViewHandlers>[0]
  reportRuns: Parameters<typeof reportRunHandlers>[0]
  recent: Parameters<typeof recentReportHandlers>[0]
  bulk: Parameters<typeof bulkHandlers>[0]
  workspace: Parameters<typeof workspaceHandlers>[0]
  teamBulkJobs: Parameters<typeof teamBulkJobsHandler>[0]
}): Handlers {
  return {
    ...appHandlers(services.app),
    ...environmentHandlers(services.environments),
    ...recurringHandlers(services.recurring),
    ...historyHandlers(services.history),
    ...sandboxHandlers(services.sandbox),
    ...jobHandlers(services.jobs),
    ...reportHandlers(services.reports),
    ...reportGridHandlers(services.reports),
    ...reportPivotExportHandlers(services.reports),
    ...reportFileHandlers(services.reports),
    ...reportPrintHandlers(services.reportPrint),
    ...reportTemplateHandlers(services.templates),
    ...savedViewHandlers(services.views),
    ...reportRunHandlers(services.reportRuns),
    ...recentReportHandlers(services.recent),
    ...bulkHandlers(services.bulk),
    ...workspaceHandlers(services.workspace),
    ...teamBulkJobsHandler(services.teamBulkJobs),
  }
}
