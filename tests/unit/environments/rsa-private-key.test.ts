import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadRsaPrivateKey, PrivateKeyError } from '../../../main/environments/keys/rsa-private-key'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

describe('loadRsaPrivateKey', () => {
  it('accepts PKCS#1 and PKCS#8 PEM', () => {
    for (const type of ['pkcs1', 'pkcs8'] as const) {
      const pem = privateKey.export({ type, format: 'pem' }) as string
      expect(loadRsaPrivateKey(pem, 'k').asymmetricKeyDetails?.modulusLength).toBe(2048)
    }
  })

  it('explains each wrong input, naming its source', () => {
    const cases: [string, RegExp][] = [
      ['hello', /^key\.pem is not a PEM key/],
      [publicKey.export({ type: 'spki', format: 'pem' }) as string, /holds a public key/],
      [
        privateKey.export({
          type: 'pkcs8',
          format: 'pem',
          cipher: 'aes-256-cbc',
          passphrase: 'pw',
        }) as string,
        /protected by a passphrase/,
      ],
      [
        generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        }) as string,
        /is a ec key, but RSA-SHA256 needs an RSA private key/,
      ],
      [
        '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n',
        /could not be read/,
      ],
    ]
    for (const [pem, message] of cases) {
      expect(() => loadRsaPrivateKey(pem, 'key.pem')).toThrow(PrivateKeyError)
      expect(() => loadRsaPrivateKey(pem, 'key.pem')).toThrow(message)
    }
  })
})
