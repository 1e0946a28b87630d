import pg from 'pg'
import { ExplainedError } from '../../preload/contract/platform/explained'
import { connectionProblem } from './connection-problem'
import { clientConfig, type TeamConnection } from './team-connection'
import { openWorkspace, type Desk, type OpenedWorkspace } from './team-schema'

/**
 * Connects to the team server as this desk would, opens the workspace (creating or upgrading
 * its schema when allowed) and disconnects: what "Check connection" and `workspace connect` do.
 * Fails with an error that names the step that failed.
 */
export async function checkWorkspace(
  connection: TeamConnection,
  secrets: { password: string; caPem: string | null },
  desk: Desk,
): Promise<OpenedWorkspace> {
  const client = new pg.Client(clientConfig(connection, secrets.password, secrets.caPem))
  // A connection lost later is reported by the query that meets it; the event must not throw.
  client.on('error', () => undefined)
  try {
    await client.connect()
    return await openWorkspace(client, desk)
  } catch (error) {
    throw error instanceof ExplainedError ? error : connectionProblem(connection, error)
  } finally {
    await client.end().catch(() => undefined)
  }
}
