import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { publicKeyFingerprint } from '../../../main/environments/keys/public-key-fingerprint'
import { importRsaPrivateKey, KeyImportError } from '../../../main/environments/keys/rsa-key-import'
import { caught } from '../../fixtures/caught'

const rsa = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits })
const { privateKey, publicKey } = rsa(2048)
const other = rsa(2048)
const fingerprint = publicKeyFingerprint(publicKey)

const pem = (key: KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki', passphrase?: string) =>
  (type === 'spki'
    ? key.export({ type, format: 'pem' })
    : key.export({ type, format: 'pem', ...(passphrase && { cipher: 'aes-256-cbc', passphrase }) })
  ).toString()

const refusal = (input: Parameters<typeof importRsaPrivateKey>[0]) =>
  caught(() => importRsaPrivateKey(input), KeyImportError)

describe('importing an RSA private key', () => {
  it('accepts PKCS#1 and PKCS#8 PEM and keeps PKCS#1, the format the gateway names', async () => {
    for (const type of ['pkcs1', 'pkcs8'] as const) {
      const pair = importRsaPrivateKey({ privateKeyPem: pem(privateKey, type) })
      expect(pair.privateKeyPem).toBe(pem(privateKey, 'pkcs1'))
      expect(pair.publicKeyPem).toBe(pem(publicKey, 'spki'))
      expect(pair.fingerprint).toBe(fingerprint)
      expect(pair.bits).toBe(2048)
    }
  })

  it('opens passphrase-protected PKCS#8 and legacy OpenSSL PKCS#1 keys and keeps them decrypted', async () => {
    for (const type of ['pkcs8', 'pkcs1'] as const) {
      const encrypted = pem(privateKey, type, 'correct horse')
      expect((await refusal({ privateKeyPem: encrypted })).problem).toBe('passphrase-required')
      expect((await refusal({ privateKeyPem: encrypted })).message).toMatch(/enter the passphrase/)
      const wrong = await refusal({ privateKeyPem: encrypted, passphrase: 'wrong horse' })
      expect(wrong.problem).toBe('wrong-passphrase')
      expect(wrong.message).toMatch(/^The passphrase does not open this private key/)
      const pair = importRsaPrivateKey({ privateKeyPem: encrypted, passphrase: 'correct horse' })
      expect(pair.privateKeyPem).toBe(pem(privateKey, 'pkcs1'))
      expect(pair.fingerprint).toBe(fingerprint)
    }
  })

  it('says why a key cannot be used', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    const cases: [string, string, RegExp][] = [
      ['my key', 'invalid-key', /^The key is not a PEM key/],
      [
        pem(publicKey, 'spki'),
        'invalid-key',
        /holds a public key, but signing needs the private key/,
      ],
      [pem(ec, 'pkcs8'), 'invalid-key', /needs an RSA private key/],
      [
        pem(rsa(1024).privateKey, 'pkcs1'),
        'key-size',
        /has only 1024 bits; RSA keys need at least 2048/,
      ],
      [
        pem(rsa(4104).privateKey, 'pkcs1'),
        'key-size',
        /has 4104 bits; the gateway accepts RSA keys of up to 4096/,
      ],
    ]
    for (const [privateKeyPem, problem, message] of cases) {
      const error = await refusal({ privateKeyPem })
      expect(error.problem).toBe(problem)
      expect(error.message).toMatch(message)
    }
  })

  it('checks that the public key support has belongs to the private key', async () => {
    const privateKeyPem = pem(privateKey, 'pkcs8')
    for (const publicKeyPem of [pem(publicKey, 'spki'), pem(publicKey, 'pkcs1')]) {
      expect(importRsaPrivateKey({ privateKeyPem, publicKeyPem }).fingerprint).toBe(fingerprint)
    }
    const mismatch = await refusal({ privateKeyPem, publicKeyPem: pem(other.publicKey, 'spki') })
    expect(mismatch.problem).toBe('public-key-mismatch')
    expect(mismatch.message).toContain(
      `does not belong to this private key (public key ${publicKeyFingerprint(other.publicKey)}, private key ${fingerprint})`,
    )
    expect((await refusal({ privateKeyPem, publicKeyPem: privateKeyPem })).message).toMatch(
      /^The public key field holds a private key/,
    )
    expect((await refusal({ privateKeyPem, publicKeyPem: 'ssh-rsa AAAA' })).message).toMatch(
      /^The public key is not a PEM public key/,
    )
  })
})
