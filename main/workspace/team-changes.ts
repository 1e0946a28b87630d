import pg from 'pg'

/** What another desk changed in the team workspace (schema v5's, v6's and v9's announcements). */
export type TeamChange =
  | { kind: 'history'; id: number }
  | { kind: 'bulk'; job: string }
  | { kind: 'templates' }
  | { kind: 'views'; template: string }
  | { kind: 'environments' }

const CHANNEL = 'gatedesk_changes'

function changeOf(payload: string | undefined): TeamChange | null {
  try {
    const change = JSON.parse(payload ?? '') as Partial<TeamChange> & { id?: unknown }
    if (change.kind === 'history' && typeof change.id === 'number') return change as TeamChange
    if (change.kind === 'bulk' && typeof change.job === 'string') return change as TeamChange
    if (change.kind === 'templates') return { kind: 'templates' }
    if (change.kind === 'environments') return { kind: 'environments' }
    if (change.kind === 'views' && typeof change.template === 'string') return change as TeamChange
  } catch {
    // Not an announcement of this schema: ignored.
  }
  return null
}

/**
 * Listens on a connection of its own for what desks change in the team workspace (history
 * entries, bulk job progress, templates, a template's views, environments), so that screens follow without a refresh. `onLost`
 * says the connection went: the caller shows the workspace as offline and listens again later.
 */
export async function watchTeamChanges(
  config: pg.ClientConfig,
  listeners: { onChange: (change: TeamChange) => void; onLost: (error: unknown) => void },
): Promise<{ close(): Promise<void> }> {
  const client = new pg.Client(config)
  // A terminated connection errs twice (the server's message, then the socket): said once.
  let done = false
  client.on('error', (error) => {
    if (done) return
    done = true
    listeners.onLost(error)
  })
  client.on('notification', (message) => {
    const change = message.channel === CHANNEL ? changeOf(message.payload) : null
    if (change) listeners.onChange(change)
  })
  await client.connect()
  await client.query(`LISTEN ${CHANNEL}`)
  return {
    async close() {
      done = true
      await client.end().catch(() => undefined)
    },
  }
}
