import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExplainedError } from '../../../preload/contract/platform/explained'
import { checkWorkspace } from '../../../main/workspace/workspace-check'
import type { TeamConnection } from '../../../main/workspace/team-connection'
import { TEAM_SCHEMA_VERSION } from '../../../main/workspace/team-schema'
import { startTestPostgres, type TestPostgres } from '../../fixtures/postgres-server'

const desk = { osUser: 'anna', deskName: 'desk-7', appVersion: '0.1.0' }

let server: TestPostgres
let ca: string
const connection = (change: Partial<TeamConnection> = {}): TeamConnection => ({
  ...server.connection('admin_anna', 'team'),
  ...change,
})

/** The code of the error a check fails with (which step failed). */
async function failure(
  check: Promise<unknown>,
): Promise<{ code: string | undefined; message: string }> {
  try {
    await check
  } catch (error) {
    expect(error).toBeInstanceOf(ExplainedError)
    return { code: (error as ExplainedError).messageCode, message: (error as Error).message }
  }
  throw new Error('the check passed')
}

beforeAll(async () => {
  server = await startTestPostgres()
  ca = server.caPem
  server.sql(`
    CREATE ROLE admin_anna LOGIN CREATEROLE PASSWORD 'anna-secret';
    CREATE ROLE clerk_bob LOGIN PASSWORD 'bob-secret';
    CREATE ROLE outsider LOGIN PASSWORD 'out-secret';
    CREATE DATABASE team OWNER admin_anna;
    CREATE DATABASE fresh;
    REVOKE CONNECT ON DATABASE team FROM PUBLIC;
    GRANT CONNECT ON DATABASE team TO clerk_bob;
  `)
}, 60_000)
afterAll(() => server?.stop())

describe('checking the team connection against a real PostgreSQL server', () => {
  it('creates the workspace on first connection, records the desk, and finds it up to date after', async () => {
    const first = await checkWorkspace(connection(), { password: 'anna-secret', caPem: ca }, desk)
    expect(first).toMatchObject({
      schemaVersion: TEAM_SCHEMA_VERSION,
      migrated: TEAM_SCHEMA_VERSION,
    })
    expect(first.serverVersion).toMatch(/^\d+\.\d+$/)
    const again = await checkWorkspace(connection(), { password: 'anna-secret', caPem: ca }, desk)
    expect(again.migrated).toBe(0)
    expect(server.sql('SELECT os_user, desk_name, db_user FROM gatedesk.desks', 'team')).toBe(
      'anna|desk-7|admin_anna\n',
    )
  })

  it('says the password was refused, naming the user', async () => {
    const { code, message } = await failure(
      checkWorkspace(connection(), { password: 'wrong', caPem: ca }, desk),
    )
    expect(code).toBe('workspace.check.auth')
    expect(message).toContain('admin_anna')
  })

  it('says nothing answers on a wrong port', async () => {
    const { code } = await failure(
      checkWorkspace(connection({ port: 1 }), { password: 'anna-secret', caPem: ca }, desk),
    )
    expect(code).toBe('workspace.check.refused')
  })

  it('says the name is not known (DNS)', async () => {
    const { code, message } = await failure(
      checkWorkspace(
        connection({ host: 'no-such-host.invalid' }),
        { password: 'anna-secret', caPem: ca },
        desk,
      ),
    )
    expect(code).toBe('workspace.check.dns')
    expect(message).toContain('no-such-host.invalid')
  })

  it('refuses a server it cannot verify: no CA given for a private certificate', async () => {
    const { code, message } = await failure(
      checkWorkspace(connection(), { password: 'anna-secret', caPem: null }, desk),
    )
    expect(code).toBe('workspace.check.tls')
    expect(message).toContain('--ca')
  })

  it('says the database does not exist', async () => {
    const { code } = await failure(
      checkWorkspace(
        connection({ database: 'nope' }),
        { password: 'anna-secret', caPem: ca },
        desk,
      ),
    )
    expect(code).toBe('workspace.check.database')
  })

  it('says a user without the right to connect needs access', async () => {
    const { code, message } = await failure(
      checkWorkspace(connection({ user: 'outsider' }), { password: 'out-secret', caPem: ca }, desk),
    )
    expect(code).toBe('workspace.check.permissions')
    expect(message).toContain('outsider')
  })

  it('says who may create the workspace when a user cannot', async () => {
    // CREATE on a new database's public schema is the owner's only (PostgreSQL 15+): revoke the
    // database-level CREATE too, so that the check does not depend on the server's version.
    server.sql('REVOKE CREATE ON DATABASE fresh FROM PUBLIC', 'fresh')
    const { code } = await failure(
      checkWorkspace(
        connection({ user: 'clerk_bob', database: 'fresh' }),
        { password: 'bob-secret', caPem: ca },
        desk,
      ),
    )
    expect(code).toBe('workspace.check.cannot-create')
  })

  it('tells an older app to update, and changes nothing', async () => {
    server.sql(
      `INSERT INTO gatedesk.schema_version (version, app_version) VALUES (${TEAM_SCHEMA_VERSION + 1}, '9.0.0')`,
      'team',
    )
    const { code } = await failure(
      checkWorkspace(
        connection(),
        { password: 'anna-secret', caPem: ca },
        { ...desk, deskName: 'old' },
      ),
    )
    expect(code).toBe('workspace.check.app-too-old')
    expect(server.sql(`SELECT count(*) FROM gatedesk.desks WHERE desk_name = 'old'`, 'team')).toBe(
      '0\n',
    )
    server.sql(`DELETE FROM gatedesk.schema_version WHERE version > ${TEAM_SCHEMA_VERSION}`, 'team')
  })

  it('never sends the password to a server that does not check out: a certificate for another name', async () => {
    const other = await startTestPostgres({ certificateNames: ['team-db.example'] })
    try {
      const { code } = await failure(
        checkWorkspace(
          { ...connection(), port: other.port, database: 'postgres', user: other.superuser.user },
          { password: other.superuser.password, caPem: other.caPem },
          desk,
        ),
      )
      expect(code).toBe('workspace.check.tls')
    } finally {
      other.stop()
    }
  }, 60_000)

  it('refuses a server without TLS rather than log in in the clear', async () => {
    const plain = await startTestPostgres({ tls: false })
    try {
      const { code } = await failure(
        checkWorkspace(
          { ...connection(), port: plain.port, database: 'postgres', user: plain.superuser.user },
          { password: plain.superuser.password, caPem: null },
          desk,
        ),
      )
      expect(code).toBe('workspace.check.tls-unsupported')
    } finally {
      plain.stop()
    }
  }, 60_000)

  it('uses pg with verify-full: a plain client trusting the CA logs in', async () => {
    const client = new pg.Client({
      host: 'localhost',
      port: server.port,
      database: 'team',
      user: 'admin_anna',
      password: 'anna-secret',
      ssl: { ca, rejectUnauthorized: true },
    })
    await client.connect()
    expect(
      (await client.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows,
    ).toEqual([{ ssl: true }])
    await client.end()
  })

  it('tells its steps, and a Cancel ends the connection: an abort, not a failed step', async () => {
    const stages: string[] = []
    await checkWorkspace(connection(), { password: 'anna-secret', caPem: ca }, desk, {
      onStage: (stage) => stages.push(stage),
    })
    expect(stages).toEqual(['connecting', 'opening'])
    const cancel = new AbortController()
    const check = checkWorkspace(connection(), { password: 'anna-secret', caPem: ca }, desk, {
      signal: cancel.signal,
      onStage: (stage) => stage === 'connecting' && cancel.abort(),
    })
    await expect(check).rejects.toMatchObject({ name: 'AbortError' })
  })
})
