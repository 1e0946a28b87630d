import { execFileSync } from 'node:child_process'
import { generateKeyPairSync, verify } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EnvironmentError } from '../../../main/environments/environment-error'
import { SPEC_PATHS } from '../../../main/platform/gateway/environment'
import { signRequest } from '../../../main/platform/gateway/oauth1'
import { publicKeyFingerprint } from '../../../main/environments/keys/public-key-fingerprint'
import { KeyImportError } from '../../../main/environments/keys/rsa-key-import'
import { KeyChangedError } from '../../../main/environments/keys/signing-secrets'
import { SecretMissingError } from '../../../main/platform/keychain/secret-store-errors'
import { EnvironmentNameTakenError } from '../../../main/environments/environments-repository'
import { caught } from '../../fixtures/caught'
import { openTestStore, productionInput } from '../../fixtures/gatedesk-store'

const store = openTestStore()
const { environments, secrets } = store
afterAll(() => store.close())

let names = 0
const create = (overrides: object = {}) =>
  environments.create({ ...productionInput, name: `Environment ${++names}`, ...overrides })

const problemOf = async (action: () => unknown) => (await caught(action, EnvironmentError)).problem

describe('environments', () => {
  it('start with the built-in Sandbox, which GateDesk sets up when the Sandbox starts', async () => {
    const [sandbox] = await environments.list()
    expect(sandbox).toMatchObject({
      name: 'Sandbox',
      kind: 'sandbox',
      builtIn: true,
      baseUrl: null,
    })
    await expect(environments.gatewayEnvironment(sandbox!.id)).rejects.toThrow(
      /has no address yet: .*Start the Sandbox/,
    )
    const connected = await environments.connectSandbox({
      baseUrl: 'https://127.0.0.1:54321',
      extraCaPem: null,
      endpointId: '1',
      merchantLogin: 'sandbox-merchant',
    })
    expect(await environments.gatewayEnvironment(connected.id)).toEqual({
      baseUrl: 'https://127.0.0.1:54321',
      endpointId: '1',
      merchantLogin: 'sandbox-merchant',
      ...SPEC_PATHS,
      oauthInBody: true,
      extraCaPem: null,
    })
  })

  it('can be created, listed, changed and turned into the gateway settings', async () => {
    const created = await create({ name: 'Integration (white label)', kind: 'integration' })
    expect(await environments.get(created.id)).toEqual(created)
    expect((await environments.list()).map((e) => e.name)).toContain('Integration (white label)')
    const changed = await environments.update(created.id, {
      updateRecurringPath: '/paynet/api/v4/update-recurring-payment/{endpoint_id}',
      oauthInBody: false,
    })
    expect(changed.name).toBe('Integration (white label)')
    expect(changed.reportPath).toBe(SPEC_PATHS.reportPath)
    expect(await environments.gatewayEnvironment(created.id)).toMatchObject({
      baseUrl: 'https://gate.example.com',
      updateRecurringPath: '/paynet/api/v4/update-recurring-payment/{endpoint_id}',
      oauthInBody: false,
    })
  })

  it('refuse bad input field by field, a taken name, and changes to the Sandbox', async () => {
    const error = await Promise.resolve()
      .then(() =>
        environments.create({
          ...productionInput,
          baseUrl: 'http://gate.example.com',
          endpointId: '',
        }),
      )
      .catch((e: EnvironmentError) => e)
    expect(error).toBeInstanceOf(EnvironmentError)
    expect((error as EnvironmentError).issues.map((i) => i.path)).toEqual(['baseUrl', 'endpointId'])
    const broken = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'
    await expect(create({ extraCaPem: broken })).rejects.toThrow(
      /^Extra CA certificate could not be read/,
    )
    const taken = await create()
    await expect(create({ name: taken.name.toUpperCase() })).rejects.toThrow(
      EnvironmentNameTakenError,
    )
    await expect(create({ name: taken.name })).rejects.toThrow(
      `An environment named "${taken.name}" already exists`,
    )
    const sandbox = (await environments.list())[0]!
    expect(await problemOf(() => environments.update(sandbox.id, { name: 'Mine' }))).toBe(
      'built-in',
    )
    expect(await problemOf(() => environments.remove(sandbox.id))).toBe('built-in')
    expect(await problemOf(() => environments.get('0f0e0d0c-0000-4000-8000-000000000000'))).toBe(
      'not-found',
    )
  })
})

describe('secrets of an environment', () => {
  it('keeps the control key in the keychain and shows only whether it is there', async () => {
    const environment = await create()
    expect(await environments.secretStatus(environment.id)).toEqual({
      controlKey: 'absent',
      rsaKey: 'absent',
      fingerprint: null,
    })
    await environments.setControlKey(environment.id, '  CK-1&2\n')
    expect((await environments.secretStatus(environment.id)).controlKey).toBe('present')
    expect(await (await environments.signingSecrets(environment.id)).controlKey()).toBe('CK-1&2')
    await environments.removeControlKey(environment.id)
    expect((await environments.secretStatus(environment.id)).controlKey).toBe('absent')
    await expect((await environments.signingSecrets(environment.id)).controlKey()).rejects.toThrow(
      SecretMissingError,
    )
  })

  it('says "missing" when the keychain lost a secret GateDesk saved', async () => {
    const environment = await create()
    await environments.setControlKey(environment.id, 'CK')
    await secrets.delete({ environmentId: environment.id, kind: 'control-key' })
    expect((await environments.secretStatus(environment.id)).controlKey).toBe('missing')
  })

  it('generates a key pair whose private key signs and stays in the keychain', async () => {
    const environment = await create()
    const stages: string[] = []
    const key = await environments.generateKeyPair(environment.id, {
      bits: 2048,
      onProgress: (stage) => stages.push(stage),
    })
    expect(stages).toEqual(['generating', 'saving'])
    expect(key.bits).toBe(2048)
    expect(key.fingerprint).toBe(publicKeyFingerprint(key.publicKeyPem))
    expect(await environments.publicKey(environment.id)).toEqual(key)
    expect((await environments.get(environment.id)).rsaPublicKey).toEqual(key)
    expect(await environments.secretStatus(environment.id)).toEqual({
      controlKey: 'absent',
      rsaKey: 'present',
      fingerprint: key.fingerprint,
    })
    const privateKey = await (await environments.signingSecrets(environment.id)).rsaPrivateKey()
    const signed = signRequest({
      url: 'https://gate.example.com/gw/api/v4/update-recurring-payment/4512',
      signedParameters: [['client-orderid', 'ORD-1']],
      credentials: { method: 'RSA-SHA256', consumerKey: 'acme-shop', privateKey },
      nonce: 'n',
      timestamp: 1,
    })
    expect(
      verify(
        'sha256',
        Buffer.from(signed.baseString),
        key.publicKeyPem,
        Buffer.from(signed.signature, 'base64'),
      ),
    ).toBe(true)
    expect(JSON.stringify(await environments.get(environment.id))).not.toContain('PRIVATE KEY')
  })

  it('never replaces an RSA key without being told to', async () => {
    const environment = await create()
    const first = await environments.generateKeyPair(environment.id, { bits: 2048 })
    const refused = await environments
      .generateKeyPair(environment.id, { bits: 2048 })
      .catch((e: EnvironmentError) => e)
    expect((refused as EnvironmentError).problem).toBe('key-present')
    expect((refused as EnvironmentError).message).toContain(
      `already has an RSA key (fingerprint ${first.fingerprint})`,
    )
    expect(await environments.publicKey(environment.id)).toEqual(first)
    const second = await environments.generateKeyPair(environment.id, { bits: 2048, replace: true })
    expect(second.fingerprint).not.toBe(first.fingerprint)
    expect(await environments.publicKey(environment.id)).toEqual(second)
  })

  it('imports a passphrase-protected key, checked against the public key support has', async () => {
    const environment = await create()
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const privateKeyPem = privateKey.export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'open sesame',
    }) as string
    const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }) as string
    await expect(environments.importPrivateKey(environment.id, { privateKeyPem })).rejects.toThrow(
      KeyImportError,
    )
    expect((await environments.get(environment.id)).rsaPublicKey).toBeNull()
    const key = await environments.importPrivateKey(environment.id, {
      privateKeyPem,
      passphrase: 'open sesame',
      publicKeyPem,
    })
    expect(key).toEqual({ publicKeyPem, fingerprint: publicKeyFingerprint(publicKey), bits: 2048 })
    const stored = await secrets.get({ environmentId: environment.id, kind: 'rsa-private-key' })
    expect(stored).toBe(privateKey.export({ type: 'pkcs1', format: 'pem' }))
  })

  it('backs the private key up to a passphrase-protected file only the user can read', async () => {
    const environment = await create()
    const key = await environments.generateKeyPair(environment.id, { bits: 2048 })
    const file = join(store.dir, 'backup.pem')
    await expect(environments.backupPrivateKey(environment.id, file, 'short')).rejects.toThrow(
      /at least 12 characters/,
    )
    writeFileSync(file, 'an older file the user chose to replace', { mode: 0o644 })
    await environments.backupPrivateKey(environment.id, file, 'a long backup passphrase')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const backup = readFileSync(file, 'utf8')
    expect(backup).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/)
    const fromOpenssl = execFileSync('openssl', [
      'pkey',
      '-in',
      file,
      '-passin',
      'pass:a long backup passphrase',
      '-pubout',
    ]).toString()
    expect(publicKeyFingerprint(fromOpenssl)).toBe(key.fingerprint)
    // The passphrase is stretched by PBKDF2-HMAC-SHA256 with 600,000 iterations or more (not
    // OpenSSL's default 2,048), as the PEM's own ASN.1 says.
    const asn1 = execFileSync('openssl', ['asn1parse', '-in', file]).toString()
    const kdf = /:PBKDF2\n.*\n.*OCTET STRING.*\n.*INTEGER\s+:([0-9A-F]+)\n.*\n.*:(\S+)\n/.exec(asn1)
    expect(kdf, asn1).not.toBeNull()
    expect(parseInt(kdf![1]!, 16)).toBeGreaterThanOrEqual(600_000)
    expect(kdf![2]).toBe('hmacWithSHA256')
    expect(asn1).toMatch(/OBJECT\s+:aes-256-cbc\n/)
    // The backup restores the same key, into another environment.
    const restored = await create()
    expect(
      await environments.importPrivateKey(restored.id, {
        privateKeyPem: backup,
        passphrase: 'a long backup passphrase',
      }),
    ).toEqual(key)
    expect(
      await problemOf(async () =>
        environments.backupPrivateKey((await create()).id, file, 'a long backup passphrase'),
      ),
    ).toBe('no-key')
  })

  it('refuses to sign with a key changed in the keychain behind its back', async () => {
    const environment = await create()
    const key = await environments.generateKeyPair(environment.id, { bits: 2048 })
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    await secrets.set(
      { environmentId: environment.id, kind: 'rsa-private-key' },
      stranger.export({ type: 'pkcs1', format: 'pem' }) as string,
    )
    await expect(
      (await environments.signingSecrets(environment.id)).rsaPrivateKey(),
    ).rejects.toThrow(KeyChangedError)
    await expect(
      (await environments.signingSecrets(environment.id)).rsaPrivateKey(),
    ).rejects.toThrow(`is not the one GateDesk recorded (${key.fingerprint})`)
  })

  it('removes an environment together with its keychain entries', async () => {
    const environment = await create()
    await environments.setControlKey(environment.id, 'CK')
    await environments.generateKeyPair(environment.id, { bits: 2048 })
    await environments.remove(environment.id)
    expect((await environments.list()).map((e) => e.id)).not.toContain(environment.id)
    for (const kind of ['control-key', 'rsa-private-key'] as const) {
      expect(await secrets.has({ environmentId: environment.id, kind })).toBe(false)
    }
  })
})
