import { explainedDetail, ExplainedError } from '../../preload/contract/platform/explained'
import {
  teamRecords,
  teamUncertainSameUpdate,
  type HistoryOperation,
  type RequestResult,
  type SentRequest,
} from '../history'
import { coded } from '../platform/i18n/english'
import type { Parameter } from '../platform/privacy/parameter'
import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { SendingContext } from '../recurring'
import { gatewayId } from '../platform/gateway/gateway-id'
import { openCliStore } from './cli-history'
import { CliFailure } from './cli-io'
import { notOneOf } from './option-values'
import { thisDesk } from '../workspace'
import { cliWorkspaceService, explained } from './cli-workspace'

export type CliWorkspace = 'local' | 'team'

/** `--workspace local|team` (local when not given). */
export function workspaceOption(text: string | undefined): CliWorkspace {
  const workspace = text ?? 'local'
  if (workspace !== 'local' && workspace !== 'team') {
    throw notOneOf('--workspace', workspace, ['local', 'team'])
  }
  return workspace
}

/** Where a command records what it sends: this desk's history, or the team's audit trail. */
export interface CliRecords {
  /** The environment as the records name it (the team's: the same id on every desk). */
  environment: { id: string; name: string }
  recordSending(request: SentRequest): Promise<number>
  recordResult(id: number, result: RequestResult): Promise<void>
  /** The resend guard's question, asked of these records: the team's trail in its workspace. */
  uncertainSameUpdate: SendingContext['uncertainSameUpdate']
  close(): Promise<void>
}

/** Opens the records of `workspace` for requests to `target`; the team's checked first. */
export async function openCliRecords(
  workspace: CliWorkspace,
  target: GatewayEnvironment,
): Promise<CliRecords> {
  const store = openCliStore()
  const local = store.environmentOf(target)
  if (workspace === 'local') {
    return {
      environment: local,
      recordSending: async (request) => store.history.recordSending(request),
      recordResult: async (id, result) => store.history.recordResult(id, result),
      uncertainSameUpdate: (environmentId, parameters) =>
        store.history.uncertainSameUpdateOf(environmentId, parameters),
      close: async () => store.close(),
    }
  }
  try {
    const team = await explained(() => cliWorkspaceService(store.db).openTeam())
    const records = teamRecords(team, thisDesk())
    // Not recorded, not sent: a server gone, or a role that may not send this.
    const failed = (error: unknown) => {
      throw error instanceof ExplainedError ? CliFailure.of(error) : error
    }
    return {
      environment: { id: gatewayId(target), name: local.name },
      recordSending: (request) => records.recordSending(request).catch(failed),
      recordResult: (id, result) => records.recordResult(id, result).catch(failed),
      uncertainSameUpdate: (environmentId, parameters) =>
        teamUncertainSameUpdate(team.pool, environmentId, parameters).catch((error: unknown) =>
          failed(team.explain(error)),
        ),
      close: async () => {
        await team.pool.end()
        store.close()
      },
    }
  } catch (error) {
    store.close()
    throw error
  }
}

/**
 * Sends a request with the records around it: recorded before it leaves, so even a crash leaves
 * a trace, then completed with its result.
 */
export async function sendRecorded<R extends RequestResult>(
  workspace: CliWorkspace,
  target: GatewayEnvironment,
  operation: HistoryOperation,
  parameters: readonly Parameter[],
  send: () => Promise<R>,
): Promise<R> {
  const records = await openCliRecords(workspace, target)
  try {
    const id = await records.recordSending({
      environment: records.environment,
      operation,
      parameters,
    })
    let result: R
    try {
      result = await send()
    } catch (error) {
      // Whatever failed, the request may have left: its entry must not stay "sending".
      await records.recordResult(id, {
        outcome: operation === 'custom-report' ? 'transport-error' : 'unknown',
        ...coded('update.failed-while-sending', explainedDetail(error as Error)),
      })
      throw error
    }
    await records.recordResult(id, result)
    return result
  } finally {
    await records.close()
  }
}
