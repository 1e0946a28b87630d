import type { GatewayEnvironment } from '../platform/gateway/environment'
import type { Parameter } from '../platform/privacy/parameter'
import type {
  HistoryEntry,
  HistoryRepository,
  RequestResult,
  SentRequest,
} from './history-repository'

/** Who sent a request: the OS user and desk, and in a team workspace the database user. */
export interface Sender {
  osUser: string
  deskName: string
}

/** A history entry with who sent it (in the local workspace: this desk, not recorded). */
export type AuditEntry = HistoryEntry & { sender: (Sender & { dbUser: string }) | null }

/**
 * The history as an audit trail, wherever the workspace keeps it: this desk's SQLite or the
 * team's PostgreSQL. Both store only what the local history stores (card data masked, card
 * codes dropped), recorded before a request leaves and completed with its result.
 */
export interface AuditTrail {
  recordSending(request: SentRequest): Promise<number>
  /** Throws if the entry does not exist or already has its result. */
  recordResult(id: number, result: RequestResult): Promise<void>
  get(id: number): Promise<AuditEntry | null>
  /** The newest entries first. */
  recent(limit: number): Promise<AuditEntry[]>
}

/** Where a send is recorded before it leaves and completed after. */
export type RequestRecords = Pick<AuditTrail, 'recordSending' | 'recordResult'>

/** The records one send goes in, and the environment as they name it. */
export interface SendRecords extends RequestRecords {
  /** The team's: the gateway's id (gatewayId), the same on every desk and the command line. */
  environment: { id: string; name: string }
  /** The resend guard's question, asked of these records (uncertainSameUpdateOf). */
  uncertainSameUpdateOf(
    environmentId: string,
    parameters: readonly Parameter[],
  ): Promise<HistoryEntry | null>
}

/**
 * Opens the records of a send from `environment` to `target`, in the desk's workspace as it is
 * now. Fails, explained, when the team's cannot be used: then nothing may be sent.
 */
export type OpenRecords = (
  environment: { id: string; name: string },
  target: GatewayEnvironment,
) => Promise<SendRecords>

/** The local workspace's history (synchronous SQLite) as an AuditTrail. */
export function localAuditTrail(history: HistoryRepository): AuditTrail {
  const withSender = (entry: HistoryEntry): AuditEntry => ({ ...entry, sender: null })
  return {
    recordSending: async (request) => history.recordSending(request),
    recordResult: async (id, result) => history.recordResult(id, result),
    get: async (id) => {
      const entry = history.get(id)
      return entry ? withSender(entry) : null
    },
    recent: async (limit) => history.search({ limit }).entries.map(withSender),
  }
}

/** The local workspace's records of a send: this desk's history, the environment as it is. */
export const localRecords =
  (history: HistoryRepository): OpenRecords =>
  async (environment) => ({
    ...localAuditTrail(history),
    environment,
    uncertainSameUpdateOf: async (environmentId, parameters) =>
      history.uncertainSameUpdateOf(environmentId, parameters),
  })
