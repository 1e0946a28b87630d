/**
 * Calls `warm` once `ready` has settled well and nothing has been `active` for `idleMs` since
 * (performance.now() time); never after `signal` aborts. The quiet time counts from `ready`:
 * counted from the start, a file indexed in more than `idleMs` started the process at once,
 * though a command that only reads rows ends right after and never queries. `stop` drops a pending wait, so that
 * nothing of a closed report stays reachable through its timer.
 */
export function warmWhenIdle(
  ready: Promise<unknown>,
  idleMs: number,
  signal: AbortSignal,
  warm: () => void,
): { active: () => void; stop: () => void } {
  let lastActivity = performance.now()
  let timer: NodeJS.Timeout | undefined
  const warmIfIdle = () => {
    if (signal.aborted) return
    const wait = idleMs - (performance.now() - lastActivity)
    if (wait <= 0) warm()
    else timer = setTimeout(warmIfIdle, wait).unref()
  }
  ready.then(
    () => {
      lastActivity = Math.max(lastActivity, performance.now())
      warmIfIdle()
    },
    () => {},
  )
  return {
    active: () => {
      lastActivity = performance.now()
    },
    stop: () => clearTimeout(timer),
  }
}
