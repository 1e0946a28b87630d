import type { WorkspaceStatusView } from '../../preload/contract/workspace/workspace'
import type { WorkspaceStatus } from './workspace-service'
import { statusView } from './workspace-view'

/** How often a desk on a team workspace checks that the server still answers. */
export const WORKSPACE_POLL_MS = 20_000

export interface WorkspaceWatchDeps {
  status: () => Promise<WorkspaceStatus>
  /** Tells the window the status changed (the server lost or back, a role changed). */
  changed: (status: WorkspaceStatusView) => void
  logError: (message: string, error: unknown) => void
  intervalMs?: number
}

/**
 * The desk's workspace status, checked again at an interval while it is a team's, so the window
 * learns when the server is lost or back without asking. Local: nothing to watch.
 */
export function createWorkspaceWatch(deps: WorkspaceWatchDeps) {
  const intervalMs = deps.intervalMs ?? WORKSPACE_POLL_MS
  let last: string | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  const schedule = (view: WorkspaceStatusView) => {
    clearTimeout(timer)
    if (closed || view.workspace === 'local') return
    timer = setTimeout(() => {
      refresh().catch((error: unknown) =>
        deps.logError('The team workspace could not be checked', error),
      )
    }, intervalMs)
    // A pending check never keeps the process alive.
    timer.unref?.()
  }

  /** The status now; the window is told when it differs from the last one seen. */
  async function refresh(): Promise<WorkspaceStatusView> {
    const view = statusView(await deps.status())
    const seen = JSON.stringify(view)
    if (last !== null && seen !== last) deps.changed(view)
    last = seen
    schedule(view)
    return view
  }

  return {
    refresh,
    close() {
      closed = true
      clearTimeout(timer)
    },
  }
}

export type WorkspaceWatch = ReturnType<typeof createWorkspaceWatch>
