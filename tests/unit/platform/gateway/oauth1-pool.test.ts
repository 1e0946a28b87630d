import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  signRequest,
  signRequestInPool,
  type SignOptions,
} from '../../../../main/platform/gateway/oauth1'

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const options = (credentials: SignOptions['credentials']): SignOptions => ({
  url: 'https://gate.example.com/gw/api/v4/update-recurring-payment/4512',
  signedParameters: [
    ['client-orderid', 'ORD-1'],
    ['recurring-payment-id', '100001'],
    ['amount', '49.90'],
  ],
  credentials,
  nonce: 'nonce-1',
  timestamp: 1_800_000_000,
})

describe('signing on the thread pool (bulk sends)', () => {
  it('signs exactly as signing in the event loop does, with either method', async () => {
    for (const credentials of [
      { method: 'RSA-SHA256' as const, consumerKey: 'acme', privateKey },
      { method: 'HMAC-SHA1' as const, consumerKey: 'acme', controlKey: 'secret' },
    ]) {
      const inPool = await signRequestInPool(options(credentials))
      const inLoop = signRequest(options(credentials))
      expect(inPool.signature).toBe(inLoop.signature)
      expect(inPool.authorization).toBe(inLoop.authorization)
      expect(inPool.formBody(true)).toBe(inLoop.formBody(true))
    }
  })

  it('leaves the event loop free while RSA signatures are computed', async () => {
    const rsa = options({ method: 'RSA-SHA256', consumerKey: 'acme', privateKey })
    let ticks = 0
    const timer = setInterval(() => ticks++, 0)
    await Promise.all(Array.from({ length: 200 }, () => signRequestInPool(rsa)))
    clearInterval(timer)
    // Signing in the event loop would let no timer run until all 200 were done.
    expect(ticks).toBeGreaterThan(0)
  })
})
