import type { FileDialogs } from './dialogs'
import { createEnvironmentService } from './environments/environment-service'
import { httpsPost, httpsPostToFile } from './gateway/https-transport'
import type { GatewayDeps } from './gateway/gateway-client'
import { randomNonce } from './gateway/oauth1'
import { createHandlers } from './handlers'
import type { createEventEmitter, Handlers } from './ipc'
import type { SecretStore } from './secrets/secret-store'
import { databaseFile } from './store/data-dir'
import { openDatabase } from './store/database'
import { createHistoryRepository } from './store/history-repository'

export interface AppServicesOptions {
  /** The folder of the database (the app's user-data folder, or a temp dir in tests). */
  dataDir: string
  version: string
  platform: string
  secretStore: SecretStore
  dialogs: FileDialogs
  openExternal: (url: string) => Promise<void>
  emit: ReturnType<typeof createEventEmitter>
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
  createHistoryRepository(db).markInterrupted()
  const environments = createEnvironmentService({ db, secrets: options.secretStore })
  const gateway: GatewayDeps = { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce }

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
  })
  return {
    handlers,
    close: async () => {
      db.close()
    },
  }
}
