import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localEnvironmentStore } from '../../../main/environments/environment-store'
import { createEnvironmentRepository } from '../../../main/environments/environments-repository'
import { publicKeyFingerprint } from '../../../main/environments/keys/public-key-fingerprint'
import { generateRsaKeyPair } from '../../../main/environments/keys/rsa-key-generation'
import { sendingKeyCheck } from '../../../main/environments/sending-key-check'
import { createTeamEnvironmentStore } from '../../../main/environments/team-environment-store'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import { accountName, type SecretRef } from '../../../main/platform/keychain/secret-store'
import {
  startTeamWorkspace,
  TEAM_DESKS,
  type TeamLogin,
  type TeamWorkspace,
} from '../../fixtures/team-workspace'
import { describeEnvironmentStore, environmentInput } from './environment-store-suite'

let team: TeamWorkspace
const desks = TEAM_DESKS
const databases: Db[] = []
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-team-environments-'))
/** A desk's environments in the team workspace: its own database user, its own SQLite. */
function storeOf(desk: TeamLogin) {
  const pool = team.poolOf(desk)
  const db = openDatabase(join(dir, `${desk.user}-${databases.length}`, 'gatedesk.sqlite'))
  databases.push(db)
  let clock = Date.parse('2026-11-20T09:00:00Z')
  const now = () => new Date((clock += 60_000))
  const local = localEnvironmentStore(createEnvironmentRepository(db, now))
  return createTeamEnvironmentStore({ pool, local, now })
}

beforeAll(async () => {
  team = await startTeamWorkspace()
}, 60_000)
afterAll(async () => {
  for (const db of databases) db.close()
  await team?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describeEnvironmentStore('the team workspace, PostgreSQL', async () => storeOf(desks.anna))

/** This desk's keychain, as the environment service fills it: secrets by account. */
function keychain() {
  const entries = new Map<string, string>()
  return {
    entries,
    /** Saves the secret; the account the store records. */
    save(ref: SecretRef, value: string): string {
      entries.set(accountName(ref), value)
      return accountName(ref)
    },
  }
}

describe("the team's environments, without their secrets", () => {
  it('shows one desk what another set up, each desk with a Sandbox of its own', async () => {
    const anna = storeOf(desks.anna)
    const bob = storeOf(desks.bob)
    const shared = await anna.insert(environmentInput({ name: 'Shared production' }))
    await bob.update(shared.id, { merchantLogin: 'acme-bob' })
    expect(await anna.find(shared.id)).toMatchObject({ merchantLogin: 'acme-bob' })
    const [bobSandbox, ...bobTeam] = await bob.list()
    expect(bobSandbox!.id).not.toBe((await anna.sandbox()).id)
    expect(bobTeam.map((e) => e.name)).toContain('Shared production')
    expect(
      team.server.sql(
        `SELECT created_by, updated_by, (SELECT count(*) FROM gatedesk.environments
           WHERE kind = 'sandbox') FROM gatedesk.environments WHERE id = '${shared.id}'`,
        'team',
      ),
    ).toBe('desk_anna|desk_bob|0\n')
  })

  it("warns the desk whose own key is not the team's before it sends, naming both fingerprints", async () => {
    const [team, other] = await Promise.all([generateRsaKeyPair(2048), generateRsaKeyPair(2048)])
    const anna = storeOf(desks.anna)
    const { id, name } = await anna.insert(environmentInput({ name: 'Signed production' }))
    await anna.setRsaKey(id, {
      account: `${id}/rsa-private-key`,
      publicKeyPem: team.publicKeyPem,
      fingerprint: team.fingerprint,
      bits: 2048,
    })
    // Bob's desk reads the team's expected fingerprint; its keychain holds another key.
    const expected = {
      name,
      expectedFingerprint: (await storeOf(desks.bob).find(id))!.rsaKey!.fingerprint,
    }
    expect(sendingKeyCheck(expected, publicKeyFingerprint(team.privateKeyPem))).toEqual({
      send: true,
    })
    const check = sendingKeyCheck(expected, publicKeyFingerprint(other.privateKeyPem))
    expect(check).toMatchObject({
      send: false,
      warning: {
        messageCode: 'environments.key-differs',
        params: { environment: name, expected: team.fingerprint, own: other.fingerprint },
      },
    })
  })

  it('holds no secret: not in the team row, not anywhere in a pg_dump of the database', async () => {
    const anna = storeOf(desks.anna)
    const desk = keychain()
    const pair = await generateRsaKeyPair(2048)
    const controlKey = 'CK-5f0e2b9a-hmac-secret-77d1c3'
    const { id, name } = await anna.insert(environmentInput({ name: 'Secret production' }))
    // As the environment service does: the secret in the desk's keychain, its account stored.
    const ref = { environmentId: id, environmentName: name } as const
    await anna.setControlKeyAccount(id, desk.save({ ...ref, kind: 'control-key' }, controlKey))
    await anna.setRsaKey(id, {
      account: desk.save({ ...ref, kind: 'rsa-private-key' }, pair.privateKeyPem),
      publicKeyPem: pair.publicKeyPem,
      fingerprint: pair.fingerprint,
      bits: 2048,
    })
    const secrets = [
      controlKey,
      desks.anna.password,
      desks.bob.password,
      // Every line of the private key's body: a part of it would be a leak too.
      ...pair.privateKeyPem.split('\n').filter((line) => line && !line.startsWith('-----')),
    ]
    const leaked = (text: string) => secrets.filter((secret) => text.includes(secret))

    const row = JSON.parse(
      team.server.sql(
        `SELECT row_to_json(e) FROM gatedesk.environments e WHERE id = '${id}'`,
        'team',
      ),
    ) as Record<string, unknown>
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'name',
        'kind',
        'base_url',
        'endpoint_id',
        'merchant_login',
        'update_recurring_path',
        'report_path',
        'oauth_in_body',
        'extra_ca_pem',
        'control_key_account',
        'rsa_key_account',
        'rsa_public_key_pem',
        'rsa_fingerprint',
        'rsa_bits',
        'created_at',
        'updated_at',
        'created_by',
        'updated_by',
      ].sort(),
    )
    expect(row).toMatchObject({
      rsa_fingerprint: pair.fingerprint,
      control_key_account: `${id}/control-key`,
    })
    expect(leaked(JSON.stringify(row))).toEqual([])

    const dump = team.server.dump('team')
    // The dump holds the environment, its public key and fingerprint: the search covers it.
    expect(dump).toContain(pair.fingerprint)
    expect(dump).toContain(pair.publicKeyPem.split('\n')[1])
    expect(leaked(dump)).toEqual([])
    // And the search finds a secret where there is one: the desk's keychain.
    expect(leaked([...desk.entries.values()].join('\n'))).toHaveLength(secrets.length - 2)
  })
})
