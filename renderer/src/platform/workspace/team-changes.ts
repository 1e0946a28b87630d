import type { EventPayload } from '../../../../preload/contract/channels'

type TeamChangeKind = EventPayload<'workspace:team-changed'>['kind']

/** A bulk run on another desk changes the trail many times a second: read again at most this often. */
const AT_MOST_EVERY_MS = 1000

/**
 * Reads again what another desk changed in the team workspace (`kinds`), so the screen follows
 * without a refresh: at once, then at most once a second while changes keep coming, the last one
 * always followed. Returns what stops it (a component's, when it unmounts).
 */
export function onTeamChange(kinds: readonly TeamChangeKind[], reload: () => unknown): () => void {
  let waiting: ReturnType<typeof setTimeout> | null = null
  let changedMeanwhile = false
  const run = () => {
    void reload()
    waiting = setTimeout(() => {
      waiting = null
      if (changedMeanwhile) {
        changedMeanwhile = false
        run()
      }
    }, AT_MOST_EVERY_MS)
  }
  const stop = window.gatedesk.on('workspace:team-changed', ({ kind }) => {
    if (!kinds.includes(kind)) return
    if (waiting === null) run()
    else changedMeanwhile = true
  })
  return () => {
    stop()
    if (waiting !== null) clearTimeout(waiting)
  }
}
