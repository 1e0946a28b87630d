import { X509Certificate } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { ExplainedError, type Explained } from '../../preload/contract/platform/explained'
import { explainedError } from '../platform/i18n/english'
import type { SecretStore } from '../platform/keychain/secret-store'
import { connectionProblem } from './connection-problem'
import { watchTeamChanges } from './team-changes'
import { clientConfig, type TeamConnection } from './team-connection'
import type { Desk, OpenedWorkspace } from './team-schema'
import { checkWorkspace, type CheckProgress } from './workspace-check'
import type { WorkspaceSettingsRepository } from './workspace-settings-repository'

/**
 * The keychain's entry for a connection's password: one per server, database and user, so that
 * connecting elsewhere never signs in with another server's password.
 */
export const passwordOf = (connection: TeamConnection) =>
  ({
    kind: 'workspace-password',
    login: `${connection.user}@${connection.host}:${connection.port}/${connection.database}`,
  }) as const

/** How long a pool keeps a connection no query uses: three of the watch's 20 s intervals. */
const IDLE_CONNECTION_MS = 60_000

/** Where this desk works, and when it is the team's, whether the server answers now. */
export type WorkspaceStatus =
  | { workspace: 'local' }
  | ({ workspace: 'team'; connection: TeamConnection } & (
      ({ reachable: true } & OpenedWorkspace) | { reachable: false; problem: Explained }
    ))

export interface WorkspaceServiceDeps {
  settings: WorkspaceSettingsRepository
  secrets: SecretStore
  /** Who this desk is: the audit trail's "who". */
  desk: () => Desk
}

/** The CA file's certificates, checked to parse; null without a CA file (the system's CAs). */
async function caPemOf(connection: TeamConnection): Promise<string | null> {
  const file = connection.caFile
  if (file === null) return null
  let pem: string
  try {
    pem = await readFile(file, 'utf8')
  } catch (error) {
    throw explainedError('workspace.ca.unreadable', { file, reason: (error as Error).message })
  }
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? []
  const readable = blocks.filter((block) => {
    try {
      new X509Certificate(block)
      return true
    } catch {
      return false
    }
  })
  if (readable.length === 0 || readable.length < blocks.length)
    throw explainedError('workspace.ca.not-certificate', { file })
  return pem
}

/** Connecting this desk to its team's workspace, seeing how it stands, and leaving it. */
export function createWorkspaceService(deps: WorkspaceServiceDeps) {
  /** This desk's team connection and its password, from the keychain; refused when local. */
  const savedLogin = async () => {
    const connection = deps.settings.get()
    if (connection === null) throw explainedError('workspace.not-connected')
    return { connection, password: await deps.secrets.get(passwordOf(connection)) }
  }
  const open = async (connection: TeamConnection, password: string, progress?: CheckProgress) =>
    checkWorkspace(
      connection,
      { password, caPem: await caPemOf(connection) },
      deps.desk(),
      progress,
    )

  return {
    /** "Check connection": what `connect` checks (the workspace opened), keeping nothing. */
    check: open,

    /**
     * Checks the connection (and creates or upgrades the workspace where allowed), then keeps it:
     * the password in the keychain, the rest in this desk's settings. Nothing is kept on failure.
     */
    async connect(
      connection: TeamConnection,
      password: string,
      progress?: CheckProgress,
    ): Promise<OpenedWorkspace> {
      const opened = await open(connection, password, progress)
      const earlier = deps.settings.get()
      await deps.secrets.set(passwordOf(connection), password)
      deps.settings.save(connection)
      const earlierPassword = earlier && passwordOf(earlier)
      if (earlierPassword && earlierPassword.login !== passwordOf(connection).login) {
        await deps.secrets.delete(earlierPassword)
      }
      return opened
    },

    /** The local workspace, or the team's with what a connection check finds now. */
    async status(): Promise<WorkspaceStatus> {
      const connection = deps.settings.get()
      if (connection === null) return { workspace: 'local' }
      return teamStatus(connection, async () =>
        open(connection, await deps.secrets.get(passwordOf(connection))),
      )
    },

    /**
     * A pool on the team's server as this desk connects (the caller ends it), once the workspace
     * is checked as "Check connection" does: an unreachable server, a schema newer than this app
     * or a user without a role is refused here, before anything is read or sent. Refused when
     * this desk works in its local workspace.
     */
    async openTeam(): Promise<{
      pool: pg.Pool
      workspace: OpenedWorkspace
      /** A failed query's error in words: what failed on the way to the server, or a right. */
      explain: (error: unknown) => ExplainedError
    }> {
      const { connection, password } = await savedLogin()
      const workspace = await open(connection, password)
      const pool = new pg.Pool({
        ...clientConfig(connection, password, await caPemOf(connection)),
        // Idle, a connection outlives the gap between two status checks (see watchedStatus).
        idleTimeoutMillis: IDLE_CONNECTION_MS,
      })
      pool.on('error', () => undefined)
      const explain = (error: unknown) =>
        error instanceof ExplainedError ? error : connectionProblem(connection, error)
      return { pool, workspace, explain }
    },

    /**
     * Hears what other desks change in the team workspace (watchTeamChanges), on a connection of
     * its own with this desk's login; refused when this desk works in its local workspace.
     */
    async watchChanges(listeners: Parameters<typeof watchTeamChanges>[1]) {
      const { connection, password } = await savedLogin()
      const config = clientConfig(connection, password, await caPemOf(connection))
      return watchTeamChanges(config, listeners)
    },

    /** Back to the local workspace: the settings and the keychain's password go. */
    async disconnect(): Promise<boolean> {
      const connection = deps.settings.get()
      if (connection !== null) await deps.secrets.delete(passwordOf(connection))
      return deps.settings.clear()
    },
  }
}

/**
 * The team workspace's status as `read` (a check of it) finds it: unreachable, with the reason in
 * words, when the check is refused (any other failure is a fault, and thrown).
 */
export async function teamStatus(
  connection: TeamConnection,
  read: () => Promise<OpenedWorkspace>,
): Promise<WorkspaceStatus> {
  try {
    return { workspace: 'team', connection, reachable: true, ...(await read()) }
  } catch (error) {
    if (!(error instanceof ExplainedError)) throw error
    const problem = { message: error.message, messageCode: error.messageCode, params: error.params }
    return { workspace: 'team', connection, reachable: false, problem }
  }
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>

/** The team workspace opened and checked: its pool, what it is, and how a failure is worded. */
export type OpenedTeam = Awaited<ReturnType<WorkspaceService['openTeam']>>
