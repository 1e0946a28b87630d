import type pg from 'pg'
import { ExplainedError } from '../../preload/contract/platform/explained'
import { APP_VERSION } from '../platform/app-version'
import type { Db } from '../platform/db/database'
import { createKeytarSecretStore } from '../platform/keychain/keytar-secret-store'
import { createWorkspaceService, createWorkspaceSettingsRepository, thisDesk } from '../workspace'
import { CliFailure } from './cli-io'

/** The workspace service on the app's store and the OS keychain, as the commands use it. */
export const cliWorkspaceService = (db: Db) =>
  createWorkspaceService({
    settings: createWorkspaceSettingsRepository(db),
    secrets: createKeytarSecretStore(),
    desk: () => ({ ...thisDesk(), appVersion: APP_VERSION }),
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

/**
 * `query` on a pool of the team workspace this desk connected to (checked first, as "Check
 * connection" checks it), ended after. A query that fails on the way (the server gone, a right)
 * is the command's failure, in words as a check says it.
 */
export async function onTeam<T>(db: Db, query: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const team = await explained(() => cliWorkspaceService(db).openTeam())
  try {
    return await query(team.pool)
  } catch (error) {
    throw CliFailure.of(team.explain(error))
  } finally {
    await team.pool.end()
  }
}
