import { describe, expect, it } from 'vitest'
import { createTeamSession } from '../../../main/workspace/team-session'
import type { OpenedTeam } from '../../../main/workspace/workspace-service'
import type { TeamConnection } from '../../../main/workspace/team-connection'

const connection: TeamConnection = {
  host: 'db.example',
  port: 5432,
  database: 'team',
  user: 'anna',
  caFile: null,
}

/** A session over a workspace whose every opening is a pool of its own, ended or not. */
function sessionOver(setting: { now: TeamConnection | null }) {
  const pools: { ended: boolean }[] = []
  const session = createTeamSession({
    settings: { get: () => setting.now },
    workspace: {
      openTeam: async () => {
        const pool = { ended: false }
        pools.push(pool)
        return {
          pool: {
            end: async () => {
              pool.ended = true
            },
          },
        } as unknown as OpenedTeam
      },
    },
  })
  return { session, pools }
}

describe("the app's team session", () => {
  it('keeps one pool while the setting stays, and a new one after a connect forgets it', async () => {
    const setting = { now: connection as TeamConnection | null }
    const { session, pools } = sessionOver(setting)
    await session.current()
    await session.current()
    expect(pools).toHaveLength(1)
    // A connect with a new password for the same server keeps the same setting.
    await session.forget()
    await session.current()
    expect(pools.map((pool) => pool.ended)).toEqual([true, false])
    setting.now = null
    expect(await session.current()).toBeNull()
    expect(pools.map((pool) => pool.ended)).toEqual([true, true])
  })
})
