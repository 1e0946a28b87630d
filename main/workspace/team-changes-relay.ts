import type { TeamChange } from './team-changes'
import type { WorkspaceService, WorkspaceStatus } from './workspace-service'

type Listening = Awaited<ReturnType<WorkspaceService['watchChanges']>>

/**
 * Other desks' changes passed on while this desk works in a team workspace that answers, so that
 * its screens follow without a refresh: listening starts when a status check finds the server,
 * and stops when the desk leaves or the server is lost; a connection lost meanwhile is listened
 * on again at the next check that finds the server.
 */
export function createTeamChangesRelay(deps: {
  watch: WorkspaceService['watchChanges']
  changed: (change: TeamChange) => void
  logError: (message: string, error: unknown) => void
}) {
  let current: { key: string; listening: Promise<Listening | null> } | null = null

  const stop = () => {
    const earlier = current
    current = null
    void earlier?.listening.then((listening) => listening?.close())
  }

  return {
    /** Listens, or stops, as the workspace now stands (each status check tells it). */
    follow(status: WorkspaceStatus) {
      const key =
        status.workspace === 'team' && status.reachable ? JSON.stringify(status.connection) : null
      if ((current?.key ?? null) === key) return
      stop()
      if (key === null) return
      const entry: { key: string; listening: Promise<Listening | null> } = {
        key,
        listening: deps
          .watch({
            onChange: deps.changed,
            onLost: () => {
              if (current === entry) current = null
            },
          })
          .catch((error: unknown) => {
            deps.logError("Other desks' changes cannot be heard now", error)
            if (current === entry) current = null
            return null
          }),
      }
      current = entry
    },
    close: stop,
  }
}
