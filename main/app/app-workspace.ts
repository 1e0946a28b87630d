import type { Sender } from '../history/audit-trail'
import type { HistoryRepository } from '../history/history-repository'
import type { Db } from '../platform/db/database'
import type { SecretStore } from '../platform/keychain/secret-store'
import { createTeamSession } from '../workspace/team-session'
import { watchedStatus } from '../workspace/watched-status'
import { createWorkspaceService } from '../workspace/workspace-service'
import { createWorkspaceSettingsRepository } from '../workspace/workspace-settings-repository'
import { workspaceHistory } from './workspace-history'
import { teamEnvironmentId, workspaceRecords } from './workspace-records'
import { workspaceEnvironments } from './workspace-stores'

/**
 * The desk's workspace as the app's services use it: the workspace service (connect, status,
 * disconnect), the team session its stores share (one pool while the app runs), and where sends
 * are recorded. Each call reads the desk's setting, so a switch takes effect without a restart.
 */
export function appWorkspace(deps: {
  db: Db
  secrets: SecretStore
  history: HistoryRepository
  desk: Sender
  version: string
}) {
  const settings = createWorkspaceSettingsRepository(deps.db)
  const base = createWorkspaceService({
    settings,
    secrets: deps.secrets,
    desk: () => ({ ...deps.desk, appVersion: deps.version }),
  })
  const session = createTeamSession({ settings, workspace: base })
  const service: typeof base = {
    ...base,
    // The next call opens a pool with what was just kept: a new password for the same server too.
    async connect(...args) {
      const opened = await base.connect(...args)
      await session.forget()
      return opened
    },
  }
  const environments = workspaceEnvironments({ db: deps.db, session })
  return {
    service,
    session,
    settings,
    /** The status the desk's watch reads: on the team session's pool once it is open. */
    watchedStatus: watchedStatus({ settings, session }),
    /** Whether the desk works in the team's workspace now (its setting, not the server's state). */
    inTeam: () => settings.get() !== null,
    /** The environments' store in the desk's workspace now. */
    environments,
    openRecords: workspaceRecords({ session, history: deps.history, sender: deps.desk }),
    history: workspaceHistory({
      session,
      history: deps.history,
      teamEnvironmentId: (id) => teamEnvironmentId(environments, id),
    }),
    close: () => session.close(),
  }
}

export type AppWorkspace = ReturnType<typeof appWorkspace>
