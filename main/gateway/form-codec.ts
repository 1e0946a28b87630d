import { formDecode, percentEncode } from './percent-encoding'

/** One request or response parameter; order and repeated names are kept, as OAuth needs them. */
export type Parameter = readonly [name: string, value: string]

/** Encodes parameters as a form body with RFC 3986 encoding, so the wire and the signature agree. */
export function encodeForm(parameters: readonly Parameter[]): string {
  return parameters
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&')
}

/** Decodes a form body; a piece without `=` is a name with an empty value (RFC 5849 §3.4.1.3.1). */
export function decodeForm(body: string): Parameter[] {
  if (body === '') return []
  return body.split('&').map((piece) => {
    const eq = piece.indexOf('=')
    return eq < 0
      ? [formDecode(piece), '']
      : [formDecode(piece.slice(0, eq)), formDecode(piece.slice(eq + 1))]
  })
}
