import { generateKeyPairSync } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Parameter } from '../../main/gateway/form-codec'
import { httpsPost, httpsPostToFile } from '../../main/gateway/https-transport'
import { randomNonce } from '../../main/gateway/oauth1'
import { updateRecurringPayment } from '../../main/gateway/update-recurring-payment'
import { createHistoryRepository } from '../../main/store/history-repository'
import { openTestStore, productionInput } from '../fixtures/gatedesk-store'
import { startHttpsTestServer, type HttpsTestServer } from '../fixtures/https-test-server'

// The "done when": after real flows, the raw database files hold no control key, no
// private key, no full card number, no cvv2 and no full SSN.
const CONTROL_KEY = 'CK-7f3a9e21-55c4-4b8d-9e6f-0a1b2c3d4e5f'
const CARD_NUMBER = '4111111111111111'
const SSN = '078-05-1120'
const IMPORT_PASSPHRASE = 'import passphrase 2026'

const store = openTestStore()
let server: HttpsTestServer
beforeAll(async () => {
  // The gateway declines, echoing the card number back, as some gateways do in error texts.
  server = await startHttpsTestServer((request, response) => {
    request.resume()
    request.on('end', () =>
      response.end(
        `type=async-response\n&status=declined\n&serial-number=S-9\n&error-code=301\n&error-message=Card+${CARD_NUMBER}+is+blocked\n`,
      ),
    )
  })
})
afterAll(async () => {
  await server.close()
  store.close()
})

/** The 64-character lines of a PEM's body: any one of them found in a file is a leak. */
const pemBodyLines = (pem: string) =>
  pem.split('\n').filter((line) => /^[A-Za-z0-9+/]{64}$/.test(line))

describe('nothing secret reaches the database files', () => {
  const privateKeyLines: string[] = []

  it('runs the real flows: keys, an update sent and recorded', async () => {
    const { environments, db } = store
    const environment = environments.create({
      ...productionInput,
      baseUrl: server.url(''),
      extraCaPem: server.caPem,
    })
    await environments.setControlKey(environment.id, CONTROL_KEY)
    await environments.generateKeyPair(environment.id, { bits: 2048 })
    privateKeyLines.push(
      ...pemBodyLines(
        await store.secrets.get({ environmentId: environment.id, kind: 'rsa-private-key' }),
      ),
    )
    const imported = environments.create({
      ...productionInput,
      name: 'Integration',
      kind: 'integration',
    })
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const encrypted = privateKey.export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: IMPORT_PASSPHRASE,
    }) as string
    await environments.importPrivateKey(imported.id, {
      privateKeyPem: encrypted,
      passphrase: IMPORT_PASSPHRASE,
    })
    for (const type of ['pkcs1', 'pkcs8'] as const) {
      privateKeyLines.push(...pemBodyLines(privateKey.export({ type, format: 'pem' }) as string))
    }
    privateKeyLines.push(...pemBodyLines(encrypted))

    const history = createHistoryRepository(db)
    const parameters: Parameter[] = [
      ['client-orderid', 'ORD-77'],
      ['recurring-payment-id', '2918374'],
      ['credit-card-number', CARD_NUMBER],
      ['card-printed-name', 'ANNA ONEIL'],
      ['expire-year', '2030'],
      ['expire-month', '12'],
      ['cvv2', '987'],
      ['ssn', SSN],
      ['order_desc', `replacement card ${CARD_NUMBER}`],
    ]
    const id = history.recordSending({
      environment: { id: environment.id, name: environment.name },
      operation: 'update-recurring-payment',
      parameters,
    })
    const result = await updateRecurringPayment(
      { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce },
      environments.gatewayEnvironment(environment.id),
      environments.signingSecrets(environment.id),
      parameters,
    )
    expect(result.outcome).toBe('declined')
    history.recordResult(id, result)
    expect(history.get(id)?.errorMessage).toBe('Card 411111******1111 is blocked')
    expect(privateKeyLines.length).toBeGreaterThan(50)
  })

  it('finds none of them in the database file, its WAL or after closing', () => {
    const scan = () => {
      const files = [store.file, `${store.file}-wal`, `${store.file}-shm`].filter(existsSync)
      const text = files.map((file) => readFileSync(file).toString('latin1')).join('\n')
      expect(text.length).toBeGreaterThan(0)
      expect(text).not.toContain(CONTROL_KEY)
      expect(text).not.toContain(CARD_NUMBER)
      expect(text).not.toContain(SSN)
      expect(text).not.toContain(SSN.replaceAll('-', ''))
      // The parameter is dropped whole (its name appears only in the schema's comments).
      expect(text).not.toContain('"cvv2"')
      expect(text).not.toContain(IMPORT_PASSPHRASE)
      expect(text).not.toContain('PRIVATE KEY')
      for (const line of privateKeyLines) expect(text).not.toContain(line)
      // What is kept is there: the scan reads the right files.
      expect(text).toContain('411111******1111')
      expect(text).toContain('-----BEGIN PUBLIC KEY-----')
    }
    expect(existsSync(`${store.file}-wal`)).toBe(true)
    scan()
    store.db.close()
    scan()
  })
})
