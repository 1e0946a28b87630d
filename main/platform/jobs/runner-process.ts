import { hostname } from 'node:os'

/** The process that runs a job or sends a request, as the journal and history record it. */
export interface Runner {
  pid: number
  host: string
}

/** This process. */
export const thisProcess = (): Runner => ({ pid: process.pid, host: hostname() })

/** Whether the process still exists (EPERM: it does, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Whether a process other than `me` still runs: one on another host (a shared data folder)
 * cannot be checked, so it counts as live.
 */
export function otherLiveProcess(runner: Runner, me: Runner): boolean {
  if (runner.host !== me.host) return true
  return runner.pid !== me.pid && alive(runner.pid)
}
