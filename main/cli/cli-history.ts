import { createHash } from 'node:crypto'
import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { Parameter } from '../platform/privacy/parameter'
import { appDataDir, databaseFile } from '../platform/db/data-dir'
import { openDatabase, type Db } from '../platform/db/database'
import { createEnvironmentRepository } from '../environments'
import {
  type HistoryOperation,
  type HistoryRepository,
  type RequestResult,
  createHistoryRepository,
} from '../history'
import { coded } from '../platform/i18n/english'
import { explainedDetail } from '../../preload/contract/platform/explained'
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

/**
 * The gateway and merchant a connection names, as an id that is the same on every desk (a team
 * job is sent only through connections to the very gateway it was made for).
 */
export function gatewayId(
  target: Pick<GatewayEnvironment, 'baseUrl' | 'endpointId' | 'merchantLogin'>,
): string {
  const key = `${target.baseUrl.replace(/\/+$/, '')}\n${target.endpointId}\n${target.merchantLogin}`
  return `cli-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`
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

/**
 * Sends a request with the history the app shows around it: recorded before it leaves, so even
 * a crash leaves a trace, then completed with its result.
 */
export async function sendRecorded<R extends RequestResult>(
  target: GatewayEnvironment,
  operation: HistoryOperation,
  parameters: readonly Parameter[],
  send: () => Promise<R>,
): Promise<R> {
  const store = openCliStore()
  try {
    const { history } = store
    const id = history.recordSending({
      environment: store.environmentOf(target),
      operation,
      parameters,
    })
    let result: R
    try {
      result = await send()
    } catch (error) {
      // Whatever failed, the request may have left: its entry must not stay "sending".
      history.recordResult(id, {
        outcome: operation === 'custom-report' ? 'transport-error' : 'unknown',
        ...coded('update.failed-while-sending', explainedDetail(error as Error)),
      })
      throw error
    }
    history.recordResult(id, result)
    return result
  } finally {
    store.close()
  }
}
