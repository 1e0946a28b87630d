import pg from 'pg'
import { ExplainedError } from '../../preload/contract/platform/explained'
import { connectionProblem } from './connection-problem'
import { clientConfig, type TeamConnection } from './team-connection'
import { openWorkspace, type Desk, type OpenedWorkspace } from './team-schema'
import type { WorkspaceCheckStage } from '../../preload/contract/workspace/workspace'

/** How a check started from the window is followed and stopped. */
export interface CheckProgress {
  /** Aborting ends the connection: an upgrade under way is rolled back by the server. */
  signal?: AbortSignal
  onStage?: (stage: WorkspaceCheckStage) => void
}

/**
 * Connects to the team server as this desk would, opens the workspace (creating or upgrading
 * its schema when allowed) and disconnects: what "Check connection" and `workspace connect` do.
 * Fails with an error that names the step that failed.
 */
export async function checkWorkspace(
  connection: TeamConnection,
  secrets: { password: string; caPem: string | null },
  desk: Desk,
  { signal, onStage }: CheckProgress = {},
): Promise<OpenedWorkspace> {
  signal?.throwIfAborted()
  const client = new pg.Client(clientConfig(connection, secrets.password, secrets.caPem))
  // A connection lost later is reported by the query that meets it; the event must not throw.
  client.on('error', () => undefined)
  const end = () => void client.end().catch(() => undefined)
  signal?.addEventListener('abort', end, { once: true })
  try {
    onStage?.('connecting')
    await client.connect()
    onStage?.('opening')
    return await openWorkspace(client, desk)
  } catch (error) {
    // Cancelled: the connection's end is why it failed, not the server.
    signal?.throwIfAborted()
    throw error instanceof ExplainedError ? error : connectionProblem(connection, error)
  } finally {
    signal?.removeEventListener('abort', end)
    await client.end().catch(() => undefined)
  }
}
