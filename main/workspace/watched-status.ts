import { readWorkspace, type OpenedWorkspace } from './team-schema'
import type { TeamSession } from './team-session'
import { teamStatus, type WorkspaceStatus } from './workspace-service'
import type { WorkspaceSettingsRepository } from './workspace-settings-repository'

/** The session must open again before the status can be read (see watchedStatus). */
class OpenAgain extends Error {}

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
  async function readNow(): Promise<OpenedWorkspace> {
    const team = await deps.session.current()
    // Null: the desk went back to its local workspace as the session opened.
    if (team === null) throw new OpenAgain()
    const now = await readWorkspace(team.pool).catch((error: unknown) => {
      throw team.explain(error)
    })
    if (now !== null) return now
    await deps.session.forget()
    throw new OpenAgain()
  }
  return async function check(): Promise<WorkspaceStatus> {
    const connection = deps.settings.get()
    if (connection === null) return { workspace: 'local' }
    return teamStatus(connection, readNow).catch((error: unknown) => {
      if (error instanceof OpenAgain) return check()
      throw error
    })
  }
}
