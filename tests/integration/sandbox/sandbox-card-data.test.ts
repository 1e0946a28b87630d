import { existsSync, readFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { httpsPost } from '../../../main/platform/gateway/https-transport'
import { useTestSandbox } from '../../fixtures/sandbox'

// The sandbox behaves as a gateway following PCI: it never echoes card data, in its answers or
// its request log, and keeps none readable in sandbox.db.
const sandbox = useTestSandbox()

const CARD_NUMBER = '4111111111111111'
const OTHER_CARD = '5555555555554444'
const CVV2 = '739'
const SSN = '123-45-6789'

const updatePath = '/gw/api/v4/update-recurring-payment/1001'
const lastLogged = () => sandbox.sandbox.service.recentRequests(1)[0]!

function post(body: string) {
  return httpsPost({
    url: `${sandbox.env.baseUrl}${updatePath}`,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    extraCaPem: sandbox.env.extraCaPem!,
  }).then((response) => decodeURIComponent(response.body.toString().replaceAll('+', ' ')))
}

/** What sandbox.db and its WAL hold, as text. */
const stored = () =>
  ['sandbox.db', 'sandbox.db-wal']
    .map((name) => join(sandbox.dir, name))
    .filter(existsSync)
    .map((file) => readFileSync(file).toString('latin1'))
    .join('')

describe('the sandbox never echoes card data', () => {
  it('names the parameter whose value has a malformed %-escape, never quoting the value', async () => {
    const answer = await post(
      `client-orderid=X-1&credit-card-number=${CARD_NUMBER}%ZZ&cvv2=${CVV2}`,
    )
    expect(answer).toContain('error-code=301')
    expect(answer).toContain('the value of credit-card-number has a malformed %-escape')
    for (const text of [answer, lastLogged().detail]) {
      expect(text).not.toContain(CARD_NUMBER.slice(0, 7))
      expect(text).not.toContain(CVV2)
    }
    const byName = await post(`${CARD_NUMBER}%ZZ=1`)
    expect(byName).toContain('the name of parameter 1 has a malformed %-escape')
    expect(`${byName}${lastLogged().detail}`).not.toContain(CARD_NUMBER.slice(0, 7))
  })

  it('masks card data in what it answers about a signed request', async () => {
    const result = await sandbox.update([
      ['client-orderid', 'ORD-CARD-1'],
      ['recurring-payment-id', '100002'],
      ['amount', '10.00'],
      [OTHER_CARD, 'sent as a name'],
    ])
    expect(result).toMatchObject({ outcome: 'validation-error', errorCode: '100' })
    expect(result.errorMessage).toContain('555555******4444 is not a parameter')
    expect(`${lastLogged().detail}`).toContain('555555******4444')
    expect(`${lastLogged().detail}`).not.toContain(OTHER_CARD)
  })
})

describe('the sandbox keeps card data masked', () => {
  it('in order_desc, purpose and the payer fields, however the card data is written', async () => {
    const result = await sandbox.update([
      ['client-orderid', 'ORD-CARD-2'],
      ['recurring-payment-id', '100002'],
      ['amount', '10.00'],
      ['credit-card-number', CARD_NUMBER],
      ['card-printed-name', 'ANNA ONEIL'],
      ['expire-year', '2031'],
      ['expire-month', '3'],
      ['cvv2', CVV2],
      ['ssn', SSN],
      ['order_desc', `card 4111,1111,1111,1111 cvv ${CVV2}, ssn ${SSN}; old card ${OTHER_CARD}`],
      ['purpose', `replaces ${CARD_NUMBER}`],
      ['address1', `PO box ${OTHER_CARD}`],
    ])
    expect(result.outcome).toBe('approved')
    const profile = sandbox.sandbox.service.profiles().find((p) => p.id === '100002')!
    expect(profile.orderDescription).toBe(
      'card 4111,11**,****,1111 cvv ***, ssn ***-**-6789; old card 555555******4444',
    )
    expect(profile.purpose).toBe('replaces 411111******1111')
    expect(profile.payer.address1).toBe('PO box 555555******4444')
    const text = stored()
    expect(text).toContain('555555******4444')
    for (const secret of [CARD_NUMBER, '4111,1111,1111,1111', OTHER_CARD, SSN, `cvv ${CVV2}`]) {
      expect(text).not.toContain(secret)
    }
  })
})

describe('the callback inbox', () => {
  it('keeps what it receives with any card number masked', async () => {
    const url = `${sandbox.env.baseUrl}/sandbox/callback-inbox?orderid=1&note=card+${OTHER_CARD}`
    await new Promise<void>((resolve, reject) => {
      const request = httpsRequest(url, { ca: sandbox.env.extraCaPem! }, (response) => {
        response.resume()
        response.on('end', resolve)
      })
      request.on('error', reject)
      request.end()
    })
    const [received] = sandbox.sandbox.service.receivedCallbacks(1)
    expect(received!.parameters).toMatchObject({ orderid: '1', note: 'card 555555******4444' })
    expect(stored()).not.toContain(OTHER_CARD)
  })
})

describe('an endpoint id that cannot be decoded', () => {
  it('is answered 400 with what is wrong, not a server error', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolve, reject) => {
        const request = httpsRequest(
          `${sandbox.env.baseUrl}/gw/api/v4/update-recurring-payment/10%ZZ01`,
          { method: 'POST', ca: sandbox.env.extraCaPem! },
          (response) => {
            let text = ''
            response.on('data', (chunk) => (text += chunk))
            response.on('end', () => resolve({ status: response.statusCode!, body: text }))
          },
        )
        request.on('error', reject)
        request.end('a=1')
      },
    )
    expect(status).toBe(400)
    expect(body).toContain('the endpoint id in the path has a malformed %-escape')
    expect(lastLogged()).toMatchObject({
      operation: 'update-recurring-payment',
      outcome: 'bad-path',
    })
  })
})
