import type pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import type { TeamConnection } from '../../../main/workspace/team-connection'
import { TEAM_SCHEMA_VERSION } from '../../../main/workspace/team-schema'
import { watchedStatus } from '../../../main/workspace/watched-status'
import type { OpenedTeam } from '../../../main/workspace/workspace-service'

const CONNECTION: TeamConnection = {
  host: 'db.example',
  port: 5432,
  database: 'team',
  user: 'desk_anna',
  caFile: null,
}
const OPENED = { serverVersion: '15.8', schemaVersion: TEAM_SCHEMA_VERSION, migrated: 0 }

/** A pool whose server answers the status's reads with this schema version, Anna an admin. */
function poolAt(schemaVersion: number) {
  const query = vi.fn(async (sql: string) => {
    if (sql.includes('server_version_num')) {
      return { rows: [{ v: '150008', user: 'desk_anna', database: 'team' }] }
    }
    if (sql.includes('to_regclass')) return { rows: [{ exists: true }] }
    if (sql.includes('max(version)')) return { rows: [{ version: schemaVersion }] }
    return { rows: [{ admin: true, operator: true, viewer: true }] }
  })
  return { query } as unknown as pg.Pool
}

/** The team session's stand-in: each opening (a whole check) takes the next pool given. */
function sessionOf(...pools: pg.Pool[]) {
  let held: OpenedTeam | null = null
  const opened = vi.fn(async () => {
    held ??= {
      pool: pools[Math.min(opened.mock.calls.length - 1, pools.length - 1)]!,
      workspace: { ...OPENED, role: 'admin' },
      explain: (error) => error as never,
    }
    return held
  })
  const forget = vi.fn(async () => {
    held = null
  })
  return { current: opened, forget }
}

describe("the watch's status of a team desk", () => {
  it('is read on the session kept open, which opens once', async () => {
    const session = sessionOf(poolAt(TEAM_SCHEMA_VERSION))
    const status = watchedStatus({ settings: { get: () => CONNECTION }, session })
    for (let check = 0; check < 3; check++) {
      expect(await status()).toEqual({
        workspace: 'team',
        connection: CONNECTION,
        reachable: true,
        ...OPENED,
        role: 'admin',
      })
    }
    expect(session.forget).not.toHaveBeenCalled()
  })

  it('opens the session again when the schema is older than the app (its check upgrades it)', async () => {
    const session = sessionOf(poolAt(TEAM_SCHEMA_VERSION - 1), poolAt(TEAM_SCHEMA_VERSION))
    const status = watchedStatus({ settings: { get: () => CONNECTION }, session })
    expect(await status()).toMatchObject({ reachable: true, schemaVersion: TEAM_SCHEMA_VERSION })
    expect(session.forget).toHaveBeenCalledTimes(1)
  })

  it('is the local workspace once the desk went back to it', async () => {
    const session = sessionOf(poolAt(TEAM_SCHEMA_VERSION))
    const status = watchedStatus({ settings: { get: () => null }, session })
    expect(await status()).toEqual({ workspace: 'local' })
    expect(session.current).not.toHaveBeenCalled()
  })
})
