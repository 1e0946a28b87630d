import { readWorkspace } from './team-schema'
import type { TeamSession } from './team-session'
import { teamStatus, type OpenedTeam, type WorkspaceStatus } from './workspace-service'
import type { WorkspaceSettingsRepository } from './workspace-settings-repository'

/**
 * The desk's workspace status as its watch asks for it every 20 s (and the window, showing the
 * workspace). The whole check (status()) signs in anew, takes the schema's lock and writes the
 * desk's row each time: for every desk of a team, every 20 s. Here only the first check, which
 * opens the app's team session, is the whole one; then the status is read on the session's pool
 * (readWorkspace: the server, the schema's version and the role, on a connection kept open). A
 * schema older than this app's opens the session again, whose whole check upgrades it.
 */
export function watchedStatus(deps: {
  settings: Pick<WorkspaceSettingsRepository, 'get'>
  session: Pick<TeamSession, 'current' | 'forget'>
}): () => Promise<WorkspaceStatus> {
  const readOn = async (team: OpenedTeam) => {
    const now = await readWorkspace(team.pool).catch((error: unknown) => {
      throw team.explain(error)
    })
    if (now !== null) return now
    await deps.session.forget()
    return null
  }
  return async function check(): Promise<WorkspaceStatus> {
    const connection = deps.settings.get()
    if (connection === null) return { workspace: 'local' }
    const opened = await deps.session.current().then(
      (team) => ({ team }),
      (error: unknown) => ({ error }),
    )
    if ('error' in opened) return teamStatus(connection, () => Promise.reject(opened.error))
    // Null: the desk went back to its local workspace as the session opened.
    const { team } = opened
    if (team === null) return check()
    let upgraded = false
    const status = await teamStatus(connection, async () => {
      const now = await readOn(team)
      upgraded = now === null
      return now ?? team.workspace
    })
    return upgraded ? check() : status
  }
}
