import { createPrivateKey } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decodeForm } from '../../../../main/platform/gateway/form-codec'
import {
  signatureBaseString,
  signBaseString,
  type SigningCredentials,
} from '../../../../main/platform/gateway/oauth1'
import { gatewayMethodVectors, type OAuthVector } from '../../../fixtures/oauth-vectors'

function credentialsOf(vector: OAuthVector): SigningCredentials {
  return vector.signatureMethod === 'RSA-SHA256'
    ? { method: 'RSA-SHA256', consumerKey: '', privateKey: createPrivateKey(vector.privateKeyPem!) }
    : {
        method: 'HMAC-SHA1',
        consumerKey: '',
        controlKey: vector.consumerSecret,
        tokenSecret: vector.tokenSecret ?? '',
      }
}

describe('OAuth 1.0 vectors (tests/fixtures/oauth1-signatures.json)', () => {
  it('covers both gateway methods', () => {
    const methods = new Set(gatewayMethodVectors.map((v) => v.signatureMethod))
    expect(methods).toEqual(new Set(['HMAC-SHA1', 'RSA-SHA256']))
    expect(gatewayMethodVectors.length).toBeGreaterThanOrEqual(10)
  })

  for (const vector of gatewayMethodVectors) {
    describe(vector.name, () => {
      it('reproduces the base string from the decoded parameters', () => {
        expect(signatureBaseString(vector.method, vector.url, vector.params)).toBe(
          vector.expectedBaseString,
        )
      })

      if (vector.wireBody !== undefined) {
        it('reproduces the base string from the body as it travels on the wire', () => {
          const oauth = vector.params.filter(([name]) => name.startsWith('oauth_'))
          const fromWire = [...decodeForm(vector.wireBody!), ...oauth]
          expect(signatureBaseString(vector.method, vector.url, fromWire)).toBe(
            vector.expectedBaseString,
          )
        })
      }

      it('reproduces the signature', () => {
        expect(signBaseString(vector.expectedBaseString, credentialsOf(vector))).toBe(
          vector.expectedSignature,
        )
      })
    })
  }
})
