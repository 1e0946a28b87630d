import type { Parameter } from '../../platform/privacy/parameter'

/** Thrown when an Authorization header is not a well-formed OAuth header. */
export class AuthorizationHeaderError extends Error {}

const SCHEME = /^OAuth\s+/i
const PAIR = /\s*([A-Za-z0-9_.~-]+)\s*=\s*"([^"]*)"\s*(,|$)/y

/**
 * The parameters of an `OAuth name="value", …` header (RFC 5849 §3.5.1), values percent-decoded
 * (`+` stays a plus there), realm left out. Header order and repeats are kept for the caller.
 */
export function parseAuthorizationHeader(header: string): Parameter[] {
  const scheme = SCHEME.exec(header)
  if (!scheme) {
    const given = header.split(/\s/, 1)[0]?.slice(0, 20) ?? ''
    throw new AuthorizationHeaderError(
      `the Authorization header uses the "${given}" scheme; sign the request with OAuth 1.0 (spec §5)`,
    )
  }
  const parameters: Parameter[] = []
  PAIR.lastIndex = scheme[0].length
  while (PAIR.lastIndex < header.length) {
    const at = PAIR.lastIndex
    const match = PAIR.exec(header)
    if (!match) {
      throw new AuthorizationHeaderError(
        `the Authorization header is malformed near "${header.slice(at, at + 30)}": expected name="value" pairs separated by commas`,
      )
    }
    const [, name, encoded] = match
    if (name === 'realm') continue
    try {
      parameters.push([name!, decodeURIComponent(encoded!)])
    } catch {
      throw new AuthorizationHeaderError(
        `the Authorization header's ${name} has a malformed %-escape: percent-encode the values as RFC 3986 says`,
      )
    }
    if (match[3] === '') break
  }
  if (PAIR.lastIndex < header.length && header.slice(PAIR.lastIndex).trim() !== '') {
    throw new AuthorizationHeaderError('the Authorization header has text after its last parameter')
  }
  return parameters
}
