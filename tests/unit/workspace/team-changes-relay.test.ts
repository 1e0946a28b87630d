import { describe, expect, it } from 'vitest'
import { createTeamChangesRelay } from '../../../main/workspace/team-changes-relay'
import type { TeamChange } from '../../../main/workspace/team-changes'
import type { WorkspaceStatus } from '../../../main/workspace/workspace-service'

const connection = { host: 'db.example', port: 5432, database: 'team', user: 'anna', caFile: null }
const reachable = { workspace: 'team', connection, reachable: true } as unknown as WorkspaceStatus
const lost = {
  workspace: 'team',
  connection,
  reachable: false,
  problem: { message: 'gone' },
} as unknown as WorkspaceStatus
const local: WorkspaceStatus = { workspace: 'local' }

/** A relay over a fake LISTEN connection: each opened one recorded, with how to end it. */
function relayOver() {
  const opened: {
    closed: boolean
    change: (change: TeamChange) => void
    lose: () => void
  }[] = []
  const changes: TeamChange[] = []
  const relay = createTeamChangesRelay({
    watch: async ({ onChange, onLost }) => {
      const connection = { closed: false, change: onChange, lose: () => onLost(new Error('gone')) }
      opened.push(connection)
      return {
        close: async () => {
          connection.closed = true
        },
      }
    },
    changed: (change) => changes.push(change),
    logError: () => undefined,
  })
  return { relay, opened, changes }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("other desks' changes, relayed to the window", () => {
  it('listens once while the team server answers, passes changes on, and stops when it does not', async () => {
    const { relay, opened, changes } = relayOver()
    relay.follow(local)
    expect(opened).toHaveLength(0)
    relay.follow(reachable)
    relay.follow(reachable)
    await settle()
    expect(opened).toHaveLength(1)
    opened[0]!.change({ kind: 'history', id: 7 })
    expect(changes).toEqual([{ kind: 'history', id: 7 }])
    relay.follow(lost)
    await settle()
    expect(opened[0]!.closed).toBe(true)
    relay.follow(reachable)
    relay.follow(local)
    await settle()
    expect(opened.map((connection) => connection.closed)).toEqual([true, true])
  })

  it('listens again at the next check after its connection was lost', async () => {
    const { relay, opened } = relayOver()
    relay.follow(reachable)
    await settle()
    opened[0]!.lose()
    relay.follow(reachable)
    await settle()
    expect(opened).toHaveLength(2)
    relay.close()
    await settle()
    expect(opened[1]!.closed).toBe(true)
  })
})
