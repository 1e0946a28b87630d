import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { GatewayEnvironment } from '../../../main/platform/gateway/environment'
import type { GatewayDeps } from '../../../main/platform/gateway/gateway-client'
import { prepareUpdateRequest } from '../../../main/platform/gateway/update-recurring-payment'
import { createInFlightSends } from '../../../main/recurring/in-flight-sends'
import { createRecurringPreviewService } from '../../../main/recurring/update-request-preview'
import { parametersOf } from '../../../main/platform/gateway/update-parameters'

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const env: GatewayEnvironment = {
  baseUrl: 'https://gate.example.com',
  endpointId: '42',
  merchantLogin: 'merchant',
  updateRecurringPath: '/gw/api/v4/update-recurring-payment/{endpoint_id}',
  reportPath: '/report',
  oauthInBody: false,
  extraCaPem: null,
}
const gateway = { now: () => 1_790_000_000_000, nonce: () => 'nonce-1' } as GatewayDeps
const service = createRecurringPreviewService({
  environments: {
    reads: async () => ({
      gatewayEnvironment: () => env,
      signingSecrets: () => ({
        controlKey: async () => 'unused',
        rsaPrivateKey: async () => privateKey,
      }),
    }),
  },
  gateway,
})

const update = {
  'client-orderid': 'ORD-1',
  'recurring-payment-id': '100001',
  amount: '10.00',
  'credit-card-number': '4111111111111111',
  'card-printed-name': 'ANNA ONEIL',
  'expire-year': '2030',
  'expire-month': '12',
  cvv2: '9173',
  ssn: '078-05-1120',
}

describe('the request preview of an update', () => {
  it('shows the form body and the base string with the card, CVV2 and SSN masked alike', async () => {
    const preview = await service.preview('env', update)
    expect(preview.method).toBe('POST')
    expect(preview.signatureMethod).toBe('RSA-SHA256')
    expect(preview.url).toBe('https://gate.example.com/gw/api/v4/update-recurring-payment/42')
    // Percent-encoded as on the wire: * is %2A.
    expect(preview.body).toBe(
      'client-orderid=ORD-1&recurring-payment-id=100001&credit-card-number=411111%2A%2A%2A%2A%2A%2A1111&card-printed-name=ANNA%20ONEIL&expire-year=2030&expire-month=12&cvv2=%2A%2A%2A&amount=10.00&ssn=%2A%2A%2A-%2A%2A-1120',
    )
    for (const text of [preview.body, preview.baseString]) {
      expect(text).not.toContain('4111111111111111')
      expect(text).not.toContain('9173')
      expect(text).not.toContain('078-05')
    }
    expect(preview.baseString).toContain(
      'credit-card-number%3D411111%252A%252A%252A%252A%252A%252A1111',
    )
    expect(preview.baseString).toContain('cvv2%3D%252A%252A%252A')
    expect(preview.baseString.startsWith('POST&https%3A%2F%2Fgate.example.com%2Fgw')).toBe(true)
  })

  it('carries the Authorization header of the real request, signed with the environment key', async () => {
    const preview = await service.preview('env', update)
    const real = prepareUpdateRequest(
      env,
      privateKey,
      parametersOf(update),
      'nonce-1',
      1_790_000_000,
    )
    expect(preview.authorization).toBe(real.headers['Authorization'])
  })
})

describe('a send in flight', () => {
  it('is aborted by its id, and only while it runs', async () => {
    const sends = createInFlightSends()
    let seen: AbortSignal | undefined
    const running = sends.run('a', (signal) => {
      seen = signal
      return new Promise<string>((resolve) =>
        signal!.addEventListener('abort', () => resolve('cancelled')),
      )
    })
    expect(sends.cancel('b')).toBe(false)
    expect(sends.cancel('a')).toBe(true)
    expect(await running).toBe('cancelled')
    expect(seen!.aborted).toBe(true)
    expect(sends.cancel('a')).toBe(false)
  })
})
