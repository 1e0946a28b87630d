import { generateKeyPairSync } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpsPost, httpsPostToFile } from '../../../../main/platform/gateway/https-transport'
import { randomNonce } from '../../../../main/platform/gateway/oauth1'
import { localRecords } from '../../../../main/history/audit-trail'
import { createRecurringUpdateService } from '../../../../main/recurring/recurring-update-service'
import { createHistoryRepository } from '../../../../main/history/history-repository'
import { openTestStore, productionInput } from '../../../fixtures/gatedesk-store'
import { startHttpsTestServer, type HttpsTestServer } from '../../../fixtures/https-test-server'

// The "done when": after real flows, the raw database files hold no control key, no
// private key, and none of the card number, cvv2 and SSN sent, in any form.
const CONTROL_KEY = 'CK-7f3a9e21-55c4-4b8d-9e6f-0a1b2c3d4e5f'
const CARD_NUMBER = '4111111111111111'
const CVV2 = '7391'
const SSN = '078-05-1120'
const IMPORT_PASSPHRASE = 'import passphrase 2026'

/** A value as it may be echoed: its letters and digits, with any separators between them. */
const echoed = (value: string) =>
  new RegExp(
    value
      .replace(/[^A-Za-z0-9]/g, '')
      .split('')
      .join('[^A-Za-z0-9]{0,3}'),
  )

// A proxy's error page that shows the request it refused: the card number straddles the end of
// the 200 characters of it that an error message quotes, 12 of its digits before the cut.
const PAGE_START =
  '<html><body><h1>502 Bad Gateway</h1><p>The upstream refused this request:</p><pre>'
function proxyPage(body: string): string {
  const cut = PAGE_START.length + body.indexOf(CARD_NUMBER) + 12
  return `${PAGE_START}${'.'.repeat(200 - cut)}${body}</pre></body></html>`
}

const store = openTestStore()
let server: HttpsTestServer
beforeAll(async () => {
  // The gateway declines, echoing the card data back, as some gateways do in error texts; a
  // proxy in front of it reflects a whole request.
  server = await startHttpsTestServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      if (body.includes('client-orderid=ORD-78')) {
        response.writeHead(502, { 'Content-Type': 'text/html' })
        response.end(proxyPage(body))
        return
      }
      const dotted = CARD_NUMBER.replace(/(\d{4})(?!$)/g, '$1.')
      response.end(
        `type=async-response\n&status=declined\n&serial-number=S-9\n&error-code=301\n&error-message=Card+${dotted}+(cvv2%3D${CVV2},+ssn+${SSN})+is+blocked\n`,
      )
    })
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

  it('runs the real flows: keys, updates sent and recorded, the gateway echoing card data', async () => {
    const { environments, db } = store
    const environment = await environments.create({
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
    const imported = await environments.create({
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
    const recurring = createRecurringUpdateService({
      environments,
      history,
      openRecords: localRecords(history),
      gateway: { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce },
    })
    const send = (order: string) =>
      recurring.send({
        environmentId: environment.id,
        parameters: {
          'client-orderid': order,
          'recurring-payment-id': '2918374',
          amount: '49.90',
          'credit-card-number': CARD_NUMBER,
          'card-printed-name': 'ANNA ONEIL',
          'expire-year': '2030',
          'expire-month': '12',
          cvv2: CVV2,
          ssn: SSN,
          purpose: `replacement card ${CARD_NUMBER}, cvv2 ${CVV2}`,
        },
      })
    const declined = await send('ORD-77')
    expect(declined.outcome).toBe('declined')
    expect(history.get(declined.historyId!)?.errorMessage).toBe(
      'Card 4111.11**.****.1111 (cvv2=****, ssn ***-**-1120) is blocked',
    )
    const reflected = await send('ORD-78')
    expect(reflected.outcome).toBe('protocol-error')
    expect(history.get(reflected.historyId!)?.message).toContain('credit-card-number=411111******')
    expect(privateKeyLines.length).toBeGreaterThan(50)
  })

  it('finds none of them in the database file, its WAL or after closing', () => {
    const scan = () => {
      const files = [store.file, `${store.file}-wal`, `${store.file}-shm`].filter(existsSync)
      const text = files.map((file) => readFileSync(file).toString('latin1')).join('\n')
      expect(text.length).toBeGreaterThan(0)
      expect(text).not.toContain(CONTROL_KEY)
      // The values sent, however separated, and the part of the card number a cut leaves.
      expect(text).not.toMatch(echoed(CARD_NUMBER))
      expect(text).not.toMatch(echoed(CARD_NUMBER.slice(0, 12)))
      expect(text).not.toMatch(echoed(SSN))
      expect(text).not.toMatch(new RegExp(`(?<![A-Za-z0-9])${CVV2}(?![A-Za-z0-9])`))
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
