import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../platform/gateway/gateway-client'
import type {
  HistoryEntry,
  HistoryRepository,
  RequestResult,
  SentRequest,
} from '../history/history-repository'
import type { Parameter } from '../platform/privacy/parameter'

/**
 * How a send is recorded before it leaves and completed after; bulk adds its journal to it. The
 * request leaves only once `sending` has settled (durably written).
 */
export interface SendRecorder {
  sending(request: SentRequest): number | Promise<number>
  result(historyId: number, result: RequestResult): void | Promise<void>
}

/**
 * Everything one job of sends needs, resolved once: the environment (as history names it and as
 * the gateway client needs it), the signing key and the world. An editor send is a job of one.
 */
export interface SendingContext {
  environment: { id: string; name: string }
  target: GatewayEnvironment
  secrets: SigningSecrets
  gateway: GatewayDeps
  recorder: SendRecorder
  /**
   * The resend guard's question (HistoryRepository.uncertainSameUpdateOf), asked of the records
   * the sends go in: this desk's history unless given (the team's audit trail).
   */
  uncertainSameUpdate(
    environmentId: string,
    parameters: readonly Parameter[],
  ): HistoryEntry | null | Promise<HistoryEntry | null>
}

/**
 * The secrets with the RSA key read from the keychain (and checked) on first use only, however
 * many rows are signed with it; a failure to read it is kept too, so rows do not ask again.
 */
export function keyOnce(secrets: SigningSecrets): SigningSecrets {
  let key: ReturnType<SigningSecrets['rsaPrivateKey']> | undefined
  return {
    controlKey: () => secrets.controlKey(),
    rsaPrivateKey: () => (key ??= secrets.rsaPrivateKey()),
  }
}

type Records = Pick<SendingContext, 'recorder' | 'uncertainSameUpdate'>
/** A job's records: its own, or `history` (this desk's) for those it does not give. */
type RecordsGiven = ({ history: HistoryRepository } & Partial<Records>) | Records

export function createSendingContext(
  parts: Omit<SendingContext, keyof Records> & RecordsGiven,
): SendingContext {
  const { environment, target, gateway } = parts
  return { environment, target, gateway, secrets: keyOnce(parts.secrets), ...recordsOf(parts) }
}

function recordsOf(given: RecordsGiven): Records {
  if (!('history' in given)) {
    return { recorder: given.recorder, uncertainSameUpdate: given.uncertainSameUpdate }
  }
  const { history, recorder, uncertainSameUpdate } = given
  return {
    recorder: recorder ?? {
      sending: (request) => history.recordSending(request),
      result: (id, result) => history.recordResult(id, result),
    },
    uncertainSameUpdate:
      uncertainSameUpdate ??
      ((environmentId, parameters) => history.uncertainSameUpdateOf(environmentId, parameters)),
  }
}
