import type { Parameter } from '../privacy/parameter'
import { formDecode, MalformedEncodingError, percentEncode } from './percent-encoding'

/**
 * A form body piece with a malformed %-escape, and which: the value of `parameter`, or (null)
 * the name of the `position`-th piece. A server tells the client so without quoting the value,
 * which may be card data.
 */
export class MalformedFormError extends MalformedEncodingError {
  constructor(
    message: string,
    readonly parameter: string | null,
    readonly position: number,
  ) {
    super(message)
  }
}

/** Encodes parameters as a form body with RFC 3986 encoding, so the wire and the signature agree. */
export function encodeForm(parameters: readonly Parameter[]): string {
  return parameters
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&')
}

/** Decodes one component of the `position`-th piece, naming the piece when it is malformed. */
function decodePiece(component: string, parameter: string | null, position: number): string {
  try {
    return formDecode(component)
  } catch (error) {
    if (!(error instanceof MalformedEncodingError)) throw error
    throw new MalformedFormError(error.message, parameter, position)
  }
}

/** Decodes a form body; a piece without `=` is a name with an empty value (RFC 5849 §3.4.1.3.1). */
export function decodeForm(body: string): Parameter[] {
  if (body === '') return []
  return body.split('&').map((piece, index) => {
    const eq = piece.indexOf('=')
    const name = decodePiece(eq < 0 ? piece : piece.slice(0, eq), null, index + 1)
    return [name, eq < 0 ? '' : decodePiece(piece.slice(eq + 1), name, index + 1)]
  })
}
