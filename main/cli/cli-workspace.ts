import { ExplainedError } from '../../preload/contract/platform/explained'
import { APP_VERSION } from '../platform/app-version'
import type { Db } from '../platform/db/database'
import { createKeytarSecretStore } from '../platform/keychain/keytar-secret-store'
import { createWorkspaceService, createWorkspaceSettingsRepository, thisDesk } from '../workspace'
import { CliFailure } from './cli-io'

/** This desk as the team workspace records it: the OS user and the machine's name. */
export const cliDesk = thisDesk

/** The workspace service on the app's store and the OS keychain, as the commands use it. */
export const cliWorkspaceService = (db: Db) =>
  createWorkspaceService({
    settings: createWorkspaceSettingsRepository(db),
    secrets: createKeytarSecretStore(),
    desk: () => ({ ...cliDesk(), appVersion: APP_VERSION }),
  })

/** Runs a service call; a failure it explains is the command's failure (exit code 1). */
export async function explained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ExplainedError) throw CliFailure.of(error)
    throw error
  }
}
