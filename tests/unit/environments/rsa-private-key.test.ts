import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadRsaPrivateKey, PrivateKeyError } from '../../../main/environments/keys/rsa-private-key'
import { catalogWording } from '../../../main/platform/i18n/catalog-wording'
import { explainWith } from '../../../preload/contract/locales/explain'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const keyFile = { sourceCode: 'key.source.file', file: 'key.pem' } as const

describe('loadRsaPrivateKey', () => {
  it('accepts PKCS#1 and PKCS#8 PEM', () => {
    for (const type of ['pkcs1', 'pkcs8'] as const) {
      const pem = privateKey.export({ type, format: 'pem' }) as string
      expect(loadRsaPrivateKey(pem, keyFile).asymmetricKeyDetails?.modulusLength).toBe(2048)
    }
  })

  it('explains each wrong input, naming its source', () => {
    const cases: [string, RegExp][] = [
      ['hello', /^The key file key\.pem is not a PEM key/],
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
      expect(() => loadRsaPrivateKey(pem, keyFile)).toThrow(PrivateKeyError)
      expect(() => loadRsaPrivateKey(pem, keyFile)).toThrow(message)
    }
  })

  it('says the same in Russian, its source worded too', () => {
    let error = new PrivateKeyError('key.private.encrypted', keyFile)
    try {
      loadRsaPrivateKey('hello', { sourceCode: 'key.source.keychain', environment: 'Live' })
    } catch (thrown) {
      error = thrown as PrivateKeyError
    }
    expect(error.message).toBe(
      'The RSA private key of the environment "Live" in the keychain is not a PEM key: expected a "-----BEGIN RSA PRIVATE KEY-----" or "-----BEGIN PRIVATE KEY-----" block',
    )
    expect(explainWith(catalogWording('ru'), error)).toBe(
      'Закрытый ключ RSA окружения «Live» в хранилище ключей — не ключ в формате PEM: ожидается блок «-----BEGIN RSA PRIVATE KEY-----» или «-----BEGIN PRIVATE KEY-----»',
    )
  })
})
