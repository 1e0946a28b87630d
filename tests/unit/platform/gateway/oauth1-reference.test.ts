import { describe, expect, it } from 'vitest'
import { decodeForm } from '../../../../main/platform/gateway/form-codec'
import type { Parameter } from '../../../../main/platform/privacy/parameter'
import { signRequest } from '../../../../main/platform/gateway/oauth1'

// A deliberately plain RFC 5849 §3.4.1 base string, to check the fast one against: encode with
// encodeURIComponent and fix-ups, sort pairs with a comparator, join, encode again.
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
const byNameThenValue = (a: string[], b: string[]) =>
  a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0

function referenceBaseString(url: string, parameters: readonly Parameter[]): string {
  const parsed = new URL(url)
  const pairs = [...parsed.searchParams, ...parameters].map(([n, v]) => [rfc3986(n), rfc3986(v)])
  const normalized = pairs
    .sort(byNameThenValue)
    .map(([n, v]) => `${n}=${v}`)
    .join('&')
  const uri = `${parsed.protocol}//${parsed.host}${parsed.pathname}`
  return `POST&${rfc3986(uri)}&${rfc3986(normalized)}`
}

// Names chosen to sort on both sides of, and right against, the oauth_* block.
const NAMES = [
  'a',
  'A',
  'oa',
  'oauth',
  'oauth-x',
  'oauth.',
  'oauth~',
  'oauth ',
  'oauthz',
  'oauti',
  'p',
  'z',
  '~',
  'é',
  'a b',
  'a%',
  'a=b',
  'a&b',
  'amount',
  'client-orderid',
  '',
  '0',
]
const ALPHABET = [
  'a',
  'Z',
  '0',
  '-',
  '.',
  '_',
  '~',
  ' ',
  '%',
  '+',
  '=',
  '&',
  '!',
  '*',
  "'",
  '(',
  'é',
  'ß',
  '€',
  '😀',
  '"',
  '/',
  '?',
  '#',
]

function seededRandom(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
}

describe('signRequest against a plain reference implementation', () => {
  it('builds the same base string, header and body for 2,000 random requests', () => {
    const random = seededRandom(20261122)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
    const text = (max: number) =>
      Array.from({ length: Math.floor(random() * max) }, () => pick(ALPHABET)).join('')

    for (let round = 0; round < 2000; round++) {
      const parameters: Parameter[] = Array.from({ length: Math.floor(random() * 8) }, () => [
        random() < 0.7 ? pick(NAMES) : text(6),
        text(10),
      ])
      const query =
        random() < 0.3 ? `?${pick(['q', 'oauth', 'z~'])}=${encodeURIComponent(text(4))}` : ''
      const url = `https://Gate.Example.com:443/gw/api${query}`
      const consumerKey = text(8)
      const nonce = text(12)
      const signed = signRequest({
        url,
        signedParameters: parameters,
        credentials: { method: 'HMAC-SHA1', consumerKey, controlKey: 'k' },
        nonce,
        timestamp: 1700000000 + round,
      })
      const oauth: Parameter[] = [
        ['oauth_consumer_key', consumerKey],
        ['oauth_nonce', nonce],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', String(1700000000 + round)],
        ['oauth_version', '1.0'],
      ]
      const context = JSON.stringify({ url, parameters, consumerKey, nonce })
      expect(signed.baseString, context).toBe(referenceBaseString(url, [...parameters, ...oauth]))
      expect(decodeForm(signed.formBody(true)), context).toEqual([...parameters, ...oauth])
      expect(decodeForm(signed.formBody(false)), context).toEqual(parameters)
      const header = /^OAuth realm="", (.*)$/.exec(signed.authorization)![1]!
      const headerPairs = header.split(', ').map((pair) => {
        const [, name, value] = /^([a-z_]+)="([^"]*)"$/.exec(pair)!
        return [name, decodeURIComponent(value!)]
      })
      expect(headerPairs, context).toEqual([...oauth, ['oauth_signature', signed.signature]])
    }
  })
})
