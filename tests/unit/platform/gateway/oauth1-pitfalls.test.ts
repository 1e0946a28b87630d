import { createHmac, generateKeyPairSync, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decodeForm, encodeForm } from '../../../../main/platform/gateway/form-codec'
import { baseStringUri } from '../../../../main/platform/gateway/base-string'
import {
  normalizeParameters,
  randomNonce,
  signatureBaseString,
  signBaseString,
  signRequest,
  SigningError,
} from '../../../../main/platform/gateway/oauth1'
import { percentEncode } from '../../../../main/platform/gateway/percent-encoding'

describe('OAuth 1.0 pitfalls from design.md', () => {
  it('sorts by encoded name, not by the joined name=value text', () => {
    // Joined-string order would put "a-b=1" first because '-' < '='.
    expect(
      normalizeParameters([
        ['a-b', '1'],
        ['a', '2'],
      ]),
    ).toBe('a=2&a-b=1')
  })

  it('sorts by the encoded form, not the decoded text', () => {
    // Decoded, '~' (0x7E) < 'é' (0xE9); encoded, '%C3%A9' < '~'.
    expect(
      normalizeParameters([
        ['~', '1'],
        ['é', '2'],
      ]),
    ).toBe('%C3%A9=2&~=1')
  })

  it('sorts equal names by encoded value', () => {
    expect(
      normalizeParameters([
        ['a', 'z'],
        ['a', 'b'],
        ['a', '~'],
      ]),
    ).toBe('a=b&a=z&a=~')
  })

  it('reads + in a form body as a space and %2B as a plus', () => {
    expect(decodeForm('a=1+2&b=1%2B2&c=1%2b2')).toEqual([
      ['a', '1 2'],
      ['b', '1+2'],
      ['c', '1+2'],
    ])
    const base = signatureBaseString('POST', 'https://h/p', decodeForm('a=1+2&b=1%2B2'))
    expect(base).toBe('POST&https%3A%2F%2Fh%2Fp&a%3D1%25202%26b%3D1%252B2')
  })

  it('encodes with uppercase hex', () => {
    expect(percentEncode('/é')).toBe('%2F%C3%A9')
  })

  it('leaves unreserved characters, ~ included, as they are', () => {
    expect(percentEncode('AZaz09-._~')).toBe('AZaz09-._~')
  })

  it("encodes !*'() which encodeURIComponent leaves alone", () => {
    expect(percentEncode("!*'()")).toBe('%21%2A%27%28%29')
  })

  it('keys HMAC-SHA1 with the encoded control key followed by &', () => {
    const base = 'POST&https%3A%2F%2Fh%2Fp&a%3D1'
    const signature = signBaseString(base, {
      method: 'HMAC-SHA1',
      consumerKey: 'm',
      controlKey: 'k&y+1',
    })
    expect(signature).toBe(createHmac('sha1', 'k%26y%2B1&').update(base).digest('base64'))
    expect(signature).not.toBe(createHmac('sha1', 'k&y+1&').update(base).digest('base64'))
  })

  it('lower-cases scheme and host, drops default ports, keeps path case and other ports', () => {
    expect(baseStringUri('HTTPS://Sandbox.Example.COM:443/gw/Path?x=1#frag').uri).toBe(
      'https://sandbox.example.com/gw/Path',
    )
    expect(baseStringUri('http://example.com:80/r').uri).toBe('http://example.com/r')
    expect(baseStringUri('https://example.com:8443/r').uri).toBe('https://example.com:8443/r')
  })

  it('signs query parameters along with the body parameters', () => {
    const base = signatureBaseString('POST', 'https://h/p?q=1', [['b', '2']])
    expect(base).toBe('POST&https%3A%2F%2Fh%2Fp&b%3D2%26q%3D1')
  })

  it('keeps empty values and repeated names', () => {
    expect(
      normalizeParameters([
        ['e', ''],
        ['r', '1'],
        ['r', '1'],
      ]),
    ).toBe('e=&r=1&r=1')
  })

  it('rejects a URL that is not absolute, naming it', () => {
    expect(() => signatureBaseString('POST', '/gw/api', [])).toThrow(SigningError)
    expect(() => signatureBaseString('POST', '/gw/api', [])).toThrow(
      /^The URL "\/gw\/api" is not a valid absolute URL/,
    )
  })

  it("names the parameter whose text cannot be encoded, in the window's language too", () => {
    const refusal = (() => {
      try {
        return normalizeParameters([['first-name', 'Ann\uD800']])
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(SigningError)
    expect(refusal).toMatchObject({
      message:
        'The parameter "first-name" contains a broken character (an unpaired UTF-16 surrogate); retype or paste the text again',
      messageCode: 'signing.unencodable.parameter',
      params: { name: 'first-name' },
    })
  })

  it('refuses an oauth_* name among the parameters, by code', () => {
    const sign = (url: string, signedParameters: [string, string][]) =>
      signRequest({
        url,
        signedParameters,
        credentials: { method: 'HMAC-SHA1', consumerKey: 'shop', controlKey: 'k' },
        nonce: 'n',
        timestamp: 1,
      })
    expect(() => sign('https://h/p', [['oauth_token', 'x']])).toThrow(
      expect.objectContaining({ messageCode: 'signing.reserved.parameter' }),
    )
    expect(() => sign('https://h/p?oauth_token=x', [])).toThrow(
      expect.objectContaining({ messageCode: 'signing.reserved.query' }),
    )
  })
})

describe('signRequest', () => {
  const request = {
    url: 'https://gate.example.com/gw/api/v4/update-recurring-payment/77',
    signedParameters: [['client-orderid', 'o 1'] as const, ['amount', '10.50'] as const],
    nonce: 'n0nce',
    timestamp: 1700000000,
  }

  it('adds the oauth_* parameters but never oauth_signature to the base string', () => {
    const signed = signRequest({
      ...request,
      credentials: { method: 'HMAC-SHA1', consumerKey: 'merchant', controlKey: 'secret' },
    })
    expect(signed.baseString).toContain('oauth_consumer_key%3Dmerchant')
    expect(signed.baseString).toContain('oauth_version%3D1.0')
    expect(signed.baseString).not.toContain('oauth_signature%3D')
    expect(signed.oauth.map(([name]) => name)).toEqual([
      'oauth_consumer_key',
      'oauth_nonce',
      'oauth_signature_method',
      'oauth_timestamp',
      'oauth_version',
    ])
  })

  it('writes a header that starts with realm="" and percent-encodes the signature', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const signed = signRequest({
      ...request,
      credentials: { method: 'RSA-SHA256', consumerKey: 'merchant', privateKey },
    })
    expect(signed.authorization).toMatch(/^OAuth realm="", oauth_consumer_key="merchant", /)
    const quoted = /oauth_signature="([^"]+)"/.exec(signed.authorization)![1]!
    expect(quoted).not.toMatch(/[+/=]/)
    expect(decodeURIComponent(quoted)).toBe(signed.signature)
    expect(
      verify(
        'sha256',
        Buffer.from(signed.baseString),
        publicKey,
        Buffer.from(signed.signature, 'base64'),
      ),
    ).toBe(true)
  })

  it('refuses oauth_* among the request parameters instead of signing them twice', () => {
    expect(() =>
      signRequest({
        ...request,
        signedParameters: [['oauth_nonce', 'x']],
        credentials: { method: 'HMAC-SHA1', consumerKey: 'm', controlKey: 'k' },
      }),
    ).toThrow(/"oauth_nonce" is reserved/)
    expect(() =>
      signRequest({
        ...request,
        url: `${request.url}?oauth_token=t`,
        credentials: { method: 'HMAC-SHA1', consumerKey: 'm', controlKey: 'k' },
      }),
    ).toThrow(/URL query parameter "oauth_token" is reserved/)
  })

  it('gives a body whose decoding is exactly what was signed', () => {
    const parameters = [['order_desc', "Tom & Jerry's 100% +plan ~é"] as const, ['e', ''] as const]
    expect(decodeForm(encodeForm(parameters))).toEqual(parameters)
  })
})

describe('randomNonce', () => {
  it('is random and unique per request', () => {
    const nonces = new Set(Array.from({ length: 10_000 }, randomNonce))
    expect(nonces.size).toBe(10_000)
    for (const nonce of [...nonces].slice(0, 10)) {
      expect(nonce).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
  })
})
