import type { OpenedTeam, WorkspaceService } from './workspace-service'
import type { TeamConnection } from './team-connection'
import type { WorkspaceSettingsRepository } from './workspace-settings-repository'

/**
 * The app's team workspace while it runs: opened (the connection check first) on the first call
 * that needs it, its pool kept for the next ones, and opened again when the desk's setting
 * changes (the Workspace section connects elsewhere or goes back to the local workspace). A server
 * lost meanwhile is met by the next query on the pool, which opens new connections once it is
 * back; a check that failed is tried again by the next call.
 */
export function createTeamSession(deps: {
  settings: Pick<WorkspaceSettingsRepository, 'get'>
  workspace: Pick<WorkspaceService, 'openTeam'>
}) {
  let held: { connection: string; opened: Promise<OpenedTeam> } | null = null

  /** Ends a pool no call takes any more (one still being checked, once it has opened). */
  const end = async (earlier: typeof held) => {
    const opened = await earlier?.opened.catch(() => null)
    await opened?.pool.end()
  }
  const keyOf = (connection: TeamConnection | null) =>
    connection === null ? null : JSON.stringify(connection)

  async function forget() {
    const earlier = held
    held = null
    await end(earlier)
  }

  return {
    /** The team workspace when this desk works in it, null in the local workspace. */
    async current(): Promise<OpenedTeam | null> {
      const connection = keyOf(deps.settings.get())
      if ((held?.connection ?? null) !== connection) {
        const earlier = held
        held = connection === null ? null : { connection, opened: deps.workspace.openTeam() }
        await end(earlier)
      }
      const attempt = held
      if (attempt === null) return null
      try {
        return await attempt.opened
      } catch (error) {
        if (held === attempt) held = null
        throw error
      }
    },
    /**
     * Opens the workspace again at the next call: after a connect, which may have kept a new
     * password for the same server and user (the setting, and so the pool, would be the same).
     */
    forget,
    /** Ends the pool: on quit. */
    close: forget,
  }
}

export type TeamSession = ReturnType<typeof createTeamSession>
