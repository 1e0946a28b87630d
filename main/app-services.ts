import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileDialogs } from './dialogs'
import { createEnvironmentService } from './environments/environment-service'
import { httpsPost, httpsPostToFile } from './gateway/https-transport'
import type { GatewayDeps } from './gateway/gateway-client'
import { randomNonce } from './gateway/oauth1'
import { createHandlers } from './handlers'
import { createJobRunner } from './jobs/job-runner'
import type { createEventEmitter, Handlers } from './ipc'
import { createRecurringUpdateService } from './recurring/recurring-update-service'
import { createQueryEngine } from './reports/query/query-client'
import type { QueryProcessLauncher } from './reports/query/query-channel'
import { createReportService } from './reports/report-service'
import { connectSandboxEnvironment } from './sandbox-environment'
import { startSandbox, type RunningSandbox } from './sandbox/sandbox-server'
import type { SecretStore } from './secrets/secret-store'
import { databaseFile } from './store/data-dir'
import { openDatabase } from './store/database'
import { createHistoryRepository } from './store/history-repository'
import type { ScriptName, ScriptRef } from './workers/script-ref'

export interface AppServicesOptions {
  /** The folder of the database (the app's user-data folder, or a temp dir in tests). */
  dataDir: string
  version: string
  platform: string
  secretStore: SecretStore
  dialogs: FileDialogs
  openExternal: (url: string) => Promise<void>
  emit: ReturnType<typeof createEventEmitter>
  logError: (message: string, error: unknown) => void
  /** Where the scripts main runs in a worker thread or a process of their own are. */
  scripts: (name: ScriptName) => ScriptRef
  /** How the query process starts: a utility process in the app, a Node fork in tests. */
  launchQueryProcess: QueryProcessLauncher
}

export interface AppServices {
  handlers: Handlers
  close: () => Promise<void>
}

/**
 * Opens the store and builds every service behind the channels: the one composition root that
 * the app and the end-to-end harness share, so both run the same real services.
 */
export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  const db = openDatabase(databaseFile(options.dataDir))
  // Requests cut off by a crash or a quit are reported as unknown, never left "sending".
  const history = createHistoryRepository(db)
  history.markInterrupted()
  const environments = createEnvironmentService({ db, secrets: options.secretStore })
  const gateway: GatewayDeps = { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce }

  // The built-in sandbox gateway: the environment a new user works in. If it cannot start,
  // the rest of GateDesk still works and the Sandbox page says why.
  let sandbox: RunningSandbox | null = null
  let sandboxError: string | null = null
  try {
    sandbox = await startSandbox({
      stateDir: join(options.dataDir, 'sandbox'),
      faults: true,
      logError: options.logError,
    })
    await connectSandboxEnvironment(environments, sandbox)
  } catch (error) {
    sandboxError = (error as Error).message
    options.logError('The built-in sandbox could not start', error)
  }

  const jobs = createJobRunner({
    progress: (event) => options.emit('jobs:progress', event),
    finished: (event) => options.emit('jobs:finished', event),
  })

  const queryEngine = createQueryEngine({
    launch: options.launchQueryProcess,
    script: options.scripts('query-process'),
  })
  const reports = createReportService({
    jobs,
    indexWorker: options.scripts('row-index-worker'),
    queryEngine,
    workRoot: tmpdir(),
  })

  const handlers = createHandlers({
    app: {
      version: options.version,
      platform: options.platform,
      openExternal: options.openExternal,
    },
    environments: {
      environments,
      dialogs: options.dialogs,
      gateway,
      onKeyProgress: (id, stage) => options.emit('environments:key-progress', { id, stage }),
    },
    recurring: { recurring: createRecurringUpdateService({ environments, history, gateway }) },
    history: { history },
    sandbox: { sandbox: () => sandbox?.service ?? null, startError: () => sandboxError },
    jobs: { jobs },
    reports: { reports, dialogs: options.dialogs },
    templates: {},
    reportRuns: {},
  })
  return {
    handlers,
    close: async () => {
      jobs.cancelAll()
      await reports.closeAll()
      queryEngine.close()
      await sandbox?.stop()
      db.close()
    },
  }
}
