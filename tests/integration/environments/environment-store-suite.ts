import { beforeEach, describe, expect, it } from 'vitest'
import type { EnvironmentStore } from '../../../main/environments/environment-store'
import { EnvironmentNameTakenError } from '../../../main/environments/environments-repository'
import {
  environmentInputSchema,
  type EnvironmentInput,
} from '../../../preload/contract/environments/environment'
import { caught } from '../../fixtures/caught'

/** A new environment as the service hands it to a store: checked, defaults filled in. */
export const environmentInput = (changes: Partial<EnvironmentInput> = {}) =>
  environmentInputSchema.parse({
    name: 'Production',
    kind: 'production',
    baseUrl: 'https://gate.example.com',
    endpointId: '4512',
    merchantLogin: 'acme-shop',
    ...changes,
  })

export const rsaKey = {
  account: 'env/rsa-private-key',
  publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----\n',
  fingerprint: 'AB:CD:EF',
  bits: 2048,
}

/**
 * The one suite every EnvironmentStore passes (the local workspace's SQLite, the team's
 * PostgreSQL): what the Keys & environments screen and the command line rely on, whichever
 * workspace. `open` gives a store whose clock moves a minute at each reading.
 */
export function describeEnvironmentStore(kind: string, open: () => Promise<EnvironmentStore>) {
  describe(`environments (${kind})`, () => {
    let store: EnvironmentStore
    beforeEach(async () => {
      store = await open()
      for (const environment of await store.list()) {
        if (environment.kind !== 'sandbox') await store.delete(environment.id)
      }
    })

    it('keeps every setting, and lists the Sandbox first, then by name whatever their case', async () => {
      const production = await store.insert(
        environmentInput({
          name: 'production',
          oauthInBody: false,
          reportPath: '/paynet/rpt',
          extraCaPem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
        }),
      )
      await store.insert(environmentInput({ name: 'Integration', kind: 'integration' }))
      expect((await store.list()).map((e) => e.name)).toEqual([
        'Sandbox',
        'Integration',
        'production',
      ])
      expect(production).toEqual({
        id: production.id,
        name: 'production',
        kind: 'production',
        baseUrl: 'https://gate.example.com',
        endpointId: '4512',
        merchantLogin: 'acme-shop',
        updateRecurringPath: '/gw/api/v4/update-recurring-payment/{endpoint_id}',
        reportPath: '/paynet/rpt',
        oauthInBody: false,
        extraCaPem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
        controlKeyAccount: null,
        rsaKey: null,
        createdAt: production.createdAt,
        updatedAt: production.createdAt,
      })
      expect(await store.find(production.id)).toEqual(production)
      expect(Number.isNaN(Date.parse(production.createdAt))).toBe(false)
    })

    it("refuses a name another environment has, in any case, the Sandbox's too", async () => {
      const production = await store.insert(environmentInput())
      const integration = await store.insert(environmentInput({ name: 'Integration' }))
      for (const attempt of [
        () => store.insert(environmentInput({ name: 'PRODUCTION' })),
        () => store.insert(environmentInput({ name: 'sandbox' })),
        () => store.update(integration.id, { name: 'production' }),
      ]) {
        const refused = await caught(attempt, EnvironmentNameTakenError)
        expect(refused.messageCode).toBe('environments.name-taken')
      }
      // Its own name in another case is no clash.
      expect((await store.update(production.id, { name: 'PRODUCTION' }))!.name).toBe('PRODUCTION')
      expect((await store.list()).map((e) => e.name)).toEqual([
        'Sandbox',
        'Integration',
        'PRODUCTION',
      ])
    })

    it('changes only the fields given, and says when the environment is gone', async () => {
      const production = await store.insert(environmentInput())
      const changed = await store.update(production.id, {
        merchantLogin: 'acme-eu',
        oauthInBody: false,
        extraCaPem: null,
      })
      expect(changed).toEqual({
        ...production,
        merchantLogin: 'acme-eu',
        oauthInBody: false,
        updatedAt: changed!.updatedAt,
      })
      expect(Date.parse(changed!.updatedAt)).toBeGreaterThan(Date.parse(production.updatedAt))
      expect(await store.delete(production.id)).toBe(true)
      expect(await store.delete(production.id)).toBe(false)
      expect(await store.find(production.id)).toBeNull()
      expect(await store.update(production.id, { merchantLogin: 'x' })).toBeNull()
    })

    it("records where the keychain keeps the secrets and the RSA key's public half, and forgets them", async () => {
      const { id } = await store.insert(environmentInput())
      await store.setControlKeyAccount(id, `${id}/control-key`)
      await store.setRsaKey(id, rsaKey)
      expect(await store.find(id)).toMatchObject({ controlKeyAccount: `${id}/control-key`, rsaKey })
      await store.setRsaKey(id, null)
      await store.setControlKeyAccount(id, null)
      expect(await store.find(id)).toMatchObject({ controlKeyAccount: null, rsaKey: null })
    })

    it("keeps the desk's Sandbox: connected when it starts, never removed with the others", async () => {
      const sandbox = await store.sandbox()
      expect(sandbox).toMatchObject({ name: 'Sandbox', kind: 'sandbox' })
      const connected = await store.update(sandbox.id, {
        baseUrl: 'https://127.0.0.1:54321',
        endpointId: '1',
        merchantLogin: 'sandbox',
        extraCaPem: null,
      })
      expect(connected).toMatchObject({ id: sandbox.id, baseUrl: 'https://127.0.0.1:54321' })
      await store.setControlKeyAccount(sandbox.id, `${sandbox.id}/control-key`)
      expect(await store.find(sandbox.id)).toEqual(await store.sandbox())
      expect((await store.sandbox()).controlKeyAccount).toBe(`${sandbox.id}/control-key`)
      expect((await store.list())[0]).toEqual(await store.sandbox())
    })
  })
}
