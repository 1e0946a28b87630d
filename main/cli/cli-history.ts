import type { GatewayEnvironment } from '../platform/gateway/environment'
import { gatewayId } from '../platform/gateway/gateway-id'
import { appDataDir, databaseFile } from '../platform/db/data-dir'
import { openDatabase, type Db } from '../platform/db/database'
import { createEnvironmentRepository } from '../environments'
import { type HistoryRepository, createHistoryRepository } from '../history'
import { CliFailure } from './cli-io'
import { cliText, mainText } from './cli-words'

const NAME_MAX = 64

/**
 * Who the history names as the request's environment: the app's environment for the same
 * gateway and merchant when there is one, else the gateway's host (with an id of its own).
 */
function environmentOf(db: Db, target: GatewayEnvironment): { id: string; name: string } {
  const baseUrl = target.baseUrl.replace(/\/+$/, '')
  const known = createEnvironmentRepository(db)
    .list()
    .find(
      (environment) =>
        environment.baseUrl?.replace(/\/+$/, '') === baseUrl &&
        environment.endpointId === target.endpointId &&
        environment.merchantLogin === target.merchantLogin,
    )
  if (known) return { id: known.id, name: known.name }
  const name = `${new URL(baseUrl).host} (command line)`.slice(0, NAME_MAX)
  return { id: gatewayId(target), name }
}

/** The app's store as the CLI uses it: the history, and who it names as the environment. */
export interface CliStore {
  db: Db
  history: HistoryRepository
  environmentOf(target: GatewayEnvironment): { id: string; name: string }
  close(): void
}

/**
 * Opens the store the app shows ($GATEDESK_DATA_DIR's, else the app's own). A request that
 * cannot be recorded is not sent, so a failure here says nothing was sent.
 */
export function openCliStore(): CliStore {
  let db: Db
  try {
    db = openDatabase(databaseFile(appDataDir()))
  } catch (error) {
    throw new CliFailure(cliText('cli.not-recorded', { reason: mainText(error as Error) }))
  }
  return {
    db,
    history: createHistoryRepository(db),
    environmentOf: (target) => environmentOf(db, target),
    close: () => db.close(),
  }
}
