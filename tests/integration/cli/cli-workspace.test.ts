import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeamBulkJournal } from '../../../main/bulk/team-bulk-journal'
import { teamHistoryWrites } from '../../../main/history/team-audit-trail'
import type { Parameter } from '../../../main/platform/privacy/parameter'
import { clientConfig } from '../../../main/workspace/team-connection'
import { createKeytarSecretStore } from '../../../main/platform/keychain/keytar-secret-store'
import { TEAM_SCHEMA_VERSION } from '../../../main/workspace/team-schema'
import { cli, useCliDataDir } from '../../fixtures/cli'
import { startTestPostgres, type TestPostgres } from '../../fixtures/postgres-server'

const { dir, dataDir } = useCliDataDir('gatedesk-cli-workspace-')
const PASSWORD = 'desk-pass-4f1c9a'
const keychain = createKeytarSecretStore()
let server: TestPostgres
/** The keychain entry of this server's password. */
const passwordEntry = () =>
  ({ kind: 'workspace-password', login: `clerk@localhost:${server.port}/team` }) as const

const connectArgs = (passwordFile: string) => [
  'workspace',
  'connect',
  '--host',
  'localhost',
  '--port',
  String(server.port),
  '--database',
  'team',
  '--user',
  'clerk',
  '--password-file',
  passwordFile,
  '--ca',
  join(dir, 'team-ca.pem'),
]

beforeAll(async () => {
  server = await startTestPostgres()
  server.sql(
    `CREATE ROLE clerk LOGIN CREATEROLE PASSWORD '${PASSWORD}'; CREATE DATABASE team OWNER clerk;`,
  )
  // The administrator's CA file, kept by the desk (the server's own folder goes when it stops).
  copyFileSync(server.caFile, join(dir, 'team-ca.pem'))
  writeFileSync(join(dir, 'password'), `${PASSWORD}\n`)
  writeFileSync(join(dir, 'wrong'), 'not-it\n')
}, 60_000)
afterAll(async () => {
  await keychain.delete(passwordEntry())
  server?.stop()
})

describe('gatedesk workspace', () => {
  it('starts in the local workspace', async () => {
    const { code, stdout } = await cli(['workspace', 'status', '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual({ workspace: 'local' })
  })

  it('refuses a wrong password and keeps nothing', async () => {
    const { code, stderr } = await cli(connectArgs(join(dir, 'wrong')))
    expect(code).toBe(1)
    expect(stderr).toContain('refused the login of clerk')
    expect(await keychain.has(passwordEntry())).toBe(false)
    expect(JSON.parse((await cli(['workspace', 'status', '--json'])).stdout)).toEqual({
      workspace: 'local',
    })
  })

  it('connects, keeping the password in the keychain and nowhere in its files', async () => {
    const { code, stdout } = await cli(connectArgs(join(dir, 'password')))
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Connected this desk to the team workspace clerk@localhost:\d+\/team/)
    expect(stdout).toContain(`created or upgraded on the server now (${TEAM_SCHEMA_VERSION} steps)`)
    expect(await keychain.get(passwordEntry())).toBe(PASSWORD)
    for (const file of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue
      const bytes = readFileSync(join(file.parentPath, file.name))
      expect(bytes.includes(PASSWORD), file.name).toBe(false)
    }
  })

  it('says how the team workspace stands', async () => {
    const { code, stdout } = await cli(['workspace', 'status', '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({
      workspace: 'team',
      connection: { host: 'localhost', port: server.port, database: 'team', user: 'clerk' },
      reachable: true,
      schemaVersion: TEAM_SCHEMA_VERSION,
    })
    const text = await cli(['workspace', 'status'])
    expect(text.stdout).toMatch(/^Team workspace clerk@localhost:\d+\/team: reachable, PostgreSQL/)
    // The workspace's creator is its first admin.
    expect(text.stdout).toContain('Your role in it: admin (')
  })

  it("lists the team's bulk jobs, with their rows by state and who made them", async () => {
    const pool = new pg.Pool(
      clientConfig(server.connection('clerk', 'team'), PASSWORD, server.caPem),
    )
    const other = { osUser: 'bob', deskName: 'desk-9' }
    try {
      const journal = createTeamBulkJournal({
        pool,
        history: teamHistoryWrites(other),
        desk: other,
      })
      const job = await journal.createJob({
        sourceName: '/home/bob/november.csv',
        environment: { id: 'sandbox', name: 'Sandbox' },
        rows: [2, 3, 4].map((rowNumber) => ({
          rowNumber,
          parameters: [['client-orderid', `N-${rowNumber}`]] as Parameter[],
        })),
      })
      const { code, stdout } = await cli(['bulk-jobs', '--workspace', 'team', '--json'])
      expect(code).toBe(0)
      expect(JSON.parse(stdout)).toEqual([
        expect.objectContaining({
          id: job,
          file: '/home/bob/november.csv',
          state: 'ready',
          madeBy: other,
          states: { pending: 3, 'in-flight': 0, done: 0, unknown: 0 },
        }),
      ])
      const text = await cli(['bulk-jobs', '--workspace', 'team'])
      expect(text.stdout).toContain(`${job}  ready`)
      expect(text.stdout).toContain('made by bob at desk-9')
    } finally {
      await pool.end()
    }
  })

  it('takes no password on the command line', async () => {
    const { code, stderr } = await cli([...connectArgs(join(dir, 'password')), '--password', 'x'])
    expect(code).toBe(2)
    expect(stderr).toContain("Unknown option '--password'")
  })

  it('names what is missing', async () => {
    const { code, stderr } = await cli(['workspace', 'connect', '--host', 'localhost'])
    expect(code).toBe(2)
    expect(stderr).toContain('--database is required')
    expect((await cli(['workspace', 'join'])).stderr).toContain(
      'workspace takes connect, status or disconnect, not "join"',
    )
  })

  it('says, in the terminal language, that the workspace cannot be used when the server is down', async () => {
    server.stop()
    const { code, stdout } = await cli(['workspace', 'status'])
    expect(code).toBe(1)
    expect(stdout).toContain('not usable now. Nothing answers at localhost:')
  })

  it('disconnects: back to the local workspace, the password gone from the keychain', async () => {
    const { code, stdout } = await cli(['workspace', 'disconnect'])
    expect(code).toBe(0)
    expect(stdout).toContain('local workspace again')
    expect(await keychain.has(passwordEntry())).toBe(false)
    expect((await cli(['workspace', 'disconnect'])).stdout).toContain('was not connected')
    const team = await cli(['bulk-jobs', '--workspace', 'team'])
    expect(team.code).toBe(1)
    expect(team.stderr).toContain('not connected to a team workspace')
    expect((await cli(['bulk-jobs', '--workspace', 'shared'])).code).toBe(2)
  })
})
