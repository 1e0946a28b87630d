import { describe, expect, it } from 'vitest'
import {
  AuthorizationHeaderError,
  parseAuthorizationHeader,
} from '../../../main/sandbox/oauth/authorization-header'

describe('parseAuthorizationHeader', () => {
  it('reads quoted, percent-encoded values and ignores realm', () => {
    expect(
      parseAuthorizationHeader(
        'OAuth realm="", oauth_consumer_key="shop%20one",oauth_signature="ab%2Bc%2F%3D" , oauth_nonce="a+b"',
      ),
    ).toEqual([
      ['oauth_consumer_key', 'shop one'],
      ['oauth_signature', 'ab+c/='],
      // In a header, + is a plus: only form bodies read it as a space.
      ['oauth_nonce', 'a+b'],
    ])
  })

  it('accepts the scheme in any case', () => {
    expect(parseAuthorizationHeader('oauth oauth_version="1.0"')).toEqual([
      ['oauth_version', '1.0'],
    ])
  })

  it('refuses another scheme, unquoted values, bad escapes and trailing text', () => {
    expect(() => parseAuthorizationHeader('Bearer abc')).toThrow(/uses the "Bearer" scheme/)
    expect(() => parseAuthorizationHeader('OAuth oauth_nonce=abc')).toThrow(
      AuthorizationHeaderError,
    )
    expect(() => parseAuthorizationHeader('OAuth oauth_nonce="%zz"')).toThrow(/malformed %-escape/)
    expect(() => parseAuthorizationHeader('OAuth a="1" b="2"')).toThrow(/malformed near/)
  })
})
