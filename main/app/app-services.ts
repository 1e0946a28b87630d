import { recurringSending } from '../recurring/recurring-sending'
import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileDialogs } from '../platform/electron/dialogs'
import { createEnvironmentService } from '../environments/environment-service'
import type { EnvironmentStore } from '../environments/environment-store'
import { rsaKeyGenerationInProcess } from '../environments/keys/rsa-key-generation-process'
import { httpsPost, httpsPostToFile } from '../platform/gateway/https-transport'
import type { GatewayDeps } from '../platform/gateway/gateway-client'
import { randomNonce } from '../platform/gateway/oauth1'
import { createBulkService } from '../bulk/bulk-service'
import { createPastedTables } from '../bulk/pasted-tables'
import { createImportSessions } from '../bulk/import-sessions'
import { createHandlers } from './handlers'
import { createJobRunner } from '../platform/jobs/job-runner'
import type { createEventEmitter, Handlers } from '../platform/electron/ipc'
import { createRecurringUpdateService } from '../recurring/recurring-update-service'
import { createInFlightSends } from '../recurring/in-flight-sends'
import { createRecurringPreviewService } from '../recurring/update-request-preview'
import { createQueryEngine } from '../reports/query/query-client'
import { createReportCache } from '../reports/report-cache'
import { createReportFiles, type ReportFiles } from '../reports/report-files'
import { chosenReportKind } from '../reports/report-file-kind'
import { openReportAs } from '../reports/report-handlers'
import { createRecentReports, type RecentReports } from '../reports/recent-reports'
import { createRecentReportsRepository } from '../reports/recent-reports-repository'
import { noteOpenedReports } from '../reports/recent-report-handlers'
import { createReportRunService } from '../reports/report-run-service'
import { createReportService } from '../reports/report-service'
import type { PdfPrinter } from '../reports/report-print'
import { createReportTemplateService } from '../templates/template-service'
import { createSavedViewService } from '../templates/saved-view-service'
import { connectSandboxEnvironment } from '../environments/sandbox-environment'
import { createEmbeddedSandbox } from '../sandbox/process/embedded-sandbox'
import type { SecretStore } from '../platform/keychain/secret-store'
import { databaseFile } from '../platform/db/data-dir'
import { openDatabase } from '../platform/db/database'
import { privateDir } from '../platform/db/private-files'
import { startSessionTemp } from '../platform/db/session-temp'
import { createBulkJournal } from '../bulk/bulk-journal-repository'
import { createBulkMappings } from '../bulk/bulk-mappings-repository'
import { createHistoryRepository } from '../history/history-repository'
import type { ProcessLauncher } from '../platform/workers/process-channel'
import type { ScriptName, ScriptRef } from '../platform/workers/script-ref'
import type { MenuLabels, ThemeSource } from '../../preload/contract/app/app-channels'
import type { Sender } from '../history/audit-trail'
import { thisDesk } from '../workspace/this-desk'
import { appWorkspace, type AppWorkspace } from './app-workspace'
import { bulkOutsideTeam } from './bulk-in-team'
import { workspaceStores } from './workspace-stores'
import { createWorkspaceWatch } from '../workspace/workspace-watch'
import { createTeamChangesRelay } from '../workspace/team-changes-relay'

export interface AppServicesOptions {
  /** The folder of the database (the app's user-data folder, or a temp dir in tests). */
  dataDir: string
  version: string
  platform: string
  secretStore: SecretStore
  dialogs: FileDialogs
  openExternal: (url: string) => Promise<void>
  /** Rewords the native menu when the window's language changes; the app's only. */
  setMenuLabels?: (labels: MenuLabels) => void
  /** Gives the native window parts the user's theme; the app's only. */
  setThemeSource?: (source: ThemeSource) => void
  /** Lists the recent reports in the File menu, now and whenever they change; the app's only. */
  setRecentReports?: (entries: { id: string; name: string }[]) => void
  emit: ReturnType<typeof createEventEmitter>
  logError: (message: string, error: unknown) => void
  /** Where the scripts main runs in a worker thread or a process of their own are. */
  scripts: (name: ScriptName) => ScriptRef
  /**
   * How the query process and the sandbox start in a process of their own: a utility process in
   * the app, a Node fork in tests.
   */
  launchProcess: ProcessLauncher
  /** Prints the grid's view to PDF: Electron's printToPDF in the app, Chromium in tests. */
  printer: PdfPrinter
  /** Who this desk is in a team's audit trail; the OS user and machine unless given. */
  desk?: Sender
  /** How often the team server is checked again (tests shorten it); WORKSPACE_POLL_MS else. */
  workspacePollMs?: number
}

export interface AppServices {
  handlers: Handlers
  /** The report files the window may read by id (app://gatedesk/report-files/<id>). */
  reportFiles: ReportFiles
  /** For the File menu's Open Recent. */
  recentReports: Pick<RecentReports, 'menuEntries' | 'clear'>
  close: () => Promise<void>
}

/**
 * Environments in the desk's workspace (`store`, resolved on each call), their key pairs made in a
 * process of their own so that Cancel ends one.
 */
function environmentService(
  db: ReturnType<typeof openDatabase>,
  store: () => Promise<EnvironmentStore>,
  options: AppServicesOptions,
) {
  return createEnvironmentService({
    db,
    store,
    secrets: options.secretStore,
    generateKeyPair: rsaKeyGenerationInProcess(
      options.launchProcess,
      options.scripts('rsa-key-generation-process'),
    ),
  })
}

/** The recently opened reports, listed in the File menu now and whenever they change. */
function recentReportsOf(
  db: ReturnType<typeof openDatabase>,
  options: AppServicesOptions,
  opener: Parameters<typeof openReportAs>[0],
) {
  const recentReports = createRecentReports({
    repository: createRecentReportsRepository({ db, logError: options.logError }),
    open: async (path) => openReportAs(opener, path, await chosenReportKind(path)),
    exists: (path) =>
      stat(path).then(
        (info) => info.isFile(),
        () => false,
      ),
    changed: () => {
      options.emit('recent-reports:changed', {})
      options.setRecentReports?.(recentReports.menuEntries())
    },
  })
  options.setRecentReports?.(recentReports.menuEntries())
  return recentReports
}

/**
 * The desk's workspace watched, so the window learns when its team server is lost or back, and,
 * while it answers, what other desks change (the screens showing it read it again).
 */
function workspaceWatch(workspace: AppWorkspace, options: AppServicesOptions) {
  const relay = createTeamChangesRelay({
    watch: workspace.service.watchChanges,
    changed: ({ kind }) => options.emit('workspace:team-changed', { kind }),
    logError: options.logError,
  })
  const watch = createWorkspaceWatch({
    status: async () => {
      const status = await workspace.watchedStatus()
      relay.follow(status)
      return status
    },
    changed: (status) => options.emit('workspace:status-changed', status),
    logError: options.logError,
    intervalMs: options.workspacePollMs,
  })
  return {
    ...watch,
    close() {
      watch.close()
      relay.close()
    },
  }
}

/**
 * Bulk updates: a job a crash or a kill cut off is taken over now, paused, its rows that were in
 * flight unknown until someone decides; pasted tables no job may send from any more are shredded.
 */
function bulkServices(
  db: ReturnType<typeof openDatabase>,
  options: AppServicesOptions,
  deps: Pick<
    Parameters<typeof createBulkService>[0],
    'environments' | 'history' | 'gateway' | 'jobs'
  >,
) {
  const bulkJournal = createBulkJournal(db)
  const pastedTables = createPastedTables({
    dataDir: options.dataDir,
    secrets: options.secretStore,
    journal: bulkJournal,
  })
  const imports = createImportSessions({
    mappings: createBulkMappings(db),
    dataDir: options.dataDir,
    environments: () => deps.environments.list(),
  })
  const bulk = createBulkService({
    ...deps,
    journal: bulkJournal,
    imports,
    pastedTables,
    recurringSending,
    emitProgress: (progress) => options.emit('bulk:progress', progress),
  })
  bulk.recoverInterrupted()
  // Their keys leave the keychain.
  pastedTables.sweep(new Date()).catch((error: unknown) => {
    options.logError('Pasted tables could not be shredded; the next start tries again', error)
  })
  return { bulk, imports }
}

/**
 * Opens the store and builds every service behind the channels: the one composition root that
 * the app and the end-to-end harness share, so both run the same real services.
 */
export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  // The app's data folder is owner-only: the database (unless GATEDESK_DATA_DIR puts it
  // elsewhere), the sandbox's state and downloaded reports live in it.
  privateDir(options.dataDir)
  const db = openDatabase(databaseFile(options.dataDir))
  // Requests cut off by a crash or a quit are reported as unknown, never left "sending".
  const history = createHistoryRepository(db)
  history.markInterrupted()
  const desk = options.desk ?? thisDesk()
  const workspace = appWorkspace({
    db,
    secrets: options.secretStore,
    history,
    desk,
    version: options.version,
  })
  const environments = environmentService(db, workspace.environments, options)
  const stores = workspaceStores({ db, session: workspace.session, logError: options.logError })
  const templates = createReportTemplateService({ stores: stores.templates })
  const views = createSavedViewService({ local: stores.localViews, shared: stores.sharedViews })
  const gateway: GatewayDeps = { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce }

  // The built-in sandbox gateway, in a process of its own: the environment a new user works in.
  // If it cannot start, the rest of GateDesk still works and the Sandbox page says why.
  const sandbox = createEmbeddedSandbox({
    launch: options.launchProcess,
    script: options.scripts('sandbox-process'),
    stateDir: join(options.dataDir, 'sandbox'),
    faults: true,
    onStarted: (started) => connectSandboxEnvironment(environments, started),
    logError: options.logError,
  })
  await sandbox.start().catch((error: unknown) => {
    options.logError('The built-in sandbox could not start', error)
  })

  const jobs = createJobRunner({
    progress: (event) => options.emit('jobs:progress', event),
    finished: (event) => options.emit('jobs:finished', event),
  })

  // Reports' UTF-8 copies, the query process's files, connection checks' answers: in the
  // owner-only data folder, never the shared OS temp folder; what a crashed session left goes now.
  const sessionTemp = await startSessionTemp(options.dataDir)
  const queryEngine = createQueryEngine({
    launch: options.launchProcess,
    script: options.scripts('query-process'),
    scratchRoot: sessionTemp,
  })
  const reports = createReportService({
    jobs,
    indexWorker: options.scripts('row-index-worker'),
    xlsxWorker: options.scripts('xlsx-export-worker'),
    queryEngine,
    workRoot: sessionTemp,
  })
  const reportFiles = createReportFiles()
  // Downloaded reports; what earlier sessions left is no longer reachable, so it goes.
  const reportCache = createReportCache(join(options.dataDir, 'reports'))
  await reportCache.clearEarlierRuns()
  const reportRuns = createReportRunService({
    environments,
    openRecords: workspace.openRecords,
    gateway,
    jobs,
    reports,
    reportFiles,
    cache: reportCache,
    markTemplateRun: templates.markRun,
  })

  // Bulk jobs are still this desk's own in the app: they send with this desk's environments.
  const { bulk, imports } = bulkServices(db, options, {
    environments: environments.local,
    history,
    gateway,
    jobs,
  })

  const recentReports = recentReportsOf(db, options, { reports, reportFiles })
  const watch = workspaceWatch(workspace, options)

  const channelHandlers = createHandlers({
    app: {
      version: options.version,
      platform: options.platform,
      openExternal: options.openExternal,
      setMenuLabels: options.setMenuLabels,
      setThemeSource: options.setThemeSource,
    },
    environments: {
      environments,
      dialogs: options.dialogs,
      gateway,
      workDir: sessionTemp,
      jobs,
      emit: options.emit,
    },
    recurring: {
      recurring: createRecurringUpdateService({
        environments,
        history,
        gateway,
        openRecords: workspace.openRecords,
      }),
      preview: createRecurringPreviewService({ environments, gateway }),
      inFlight: createInFlightSends(),
    },
    history: { history: workspace.history, dialogs: options.dialogs, jobs },
    sandbox: { sandbox: sandbox.page },
    jobs: { jobs },
    reports: { reports, dialogs: options.dialogs, reportFiles, dataDir: options.dataDir },
    reportPrint: { reports, reportFiles, printer: options.printer },
    templates: { templates, dialogs: options.dialogs },
    views: { views },
    reportRuns: { runs: reportRuns, dialogs: options.dialogs },
    bulk: { bulk: bulkOutsideTeam(bulk, workspace.inTeam), imports, dialogs: options.dialogs },
    recent: { recent: recentReports },
    workspace: {
      workspace: workspace.service,
      settings: workspace.settings,
      watch,
      dialogs: options.dialogs,
      jobs,
      emit: options.emit,
    },
    teamBulkJobs: { session: workspace.session, desk },
  })
  // Every report a channel opens goes on the recent list.
  const handlers = noteOpenedReports(channelHandlers, {
    recent: recentReports,
    reports,
    reportFiles,
    logError: options.logError,
  })
  return {
    handlers,
    reportFiles,
    recentReports,
    close: async () => {
      // Bulk runs stop taking rows and stay paused (resumable), rather than cancelled.
      await bulk.suspendAll()
      watch.close()
      jobs.cancelAll()
      await reports.closeAll()
      await queryEngine.close()
      await rm(sessionTemp, { recursive: true, force: true })
      await sandbox.stop()
      await workspace.close()
      db.close()
    },
  }
}
