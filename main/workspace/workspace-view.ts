import { basename } from 'node:path'
import {
  rightsOf,
  type TeamConnectionView,
  type WorkspaceStatusView,
} from '../../preload/contract/workspace/workspace'
import type { TeamConnection } from './team-connection'
import type { OpenedWorkspace } from './team-schema'
import type { WorkspaceStatus } from './workspace-service'

/** A connection as the window sees it: the CA file by its name, its path staying in main. */
export const connectionView = (connection: TeamConnection): TeamConnectionView => ({
  host: connection.host,
  port: connection.port,
  database: connection.database,
  user: connection.user,
  caFileName: connection.caFile === null ? null : basename(connection.caFile),
})

/** An opened workspace as the window sees it: the role and what it allows. */
export const openedView = ({ serverVersion, schemaVersion, role }: OpenedWorkspace) => ({
  serverVersion,
  schemaVersion,
  role,
  rights: rightsOf(role),
})

export function statusView(status: WorkspaceStatus): WorkspaceStatusView {
  if (status.workspace === 'local') return status
  const connection = connectionView(status.connection)
  return status.reachable
    ? { workspace: 'team', connection, reachable: true, ...openedView(status) }
    : { workspace: 'team', connection, reachable: false, problem: status.problem }
}
