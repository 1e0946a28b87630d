import { redactText } from '../privacy/redaction'

const PREVIEW_CHARS = 200
// Up to 4 bytes a character, and room for a card number written out across the cut.
const PREVIEW_BYTES = PREVIEW_CHARS * 4 + 100

/**
 * Shows what arrived from the server in an error message: masked by `redact` (card numbers at
 * least) before it is cut short, control characters visible.
 */
export function previewReceived(
  body: Buffer | string,
  redact: (text: string) => string = redactText,
): string {
  const text = typeof body === 'string' ? body : body.subarray(0, PREVIEW_BYTES).toString('utf8')
  if (text.length === 0) return '(empty body)'
  const shown = JSON.stringify(redact(text).slice(0, PREVIEW_CHARS))
  return text.length > PREVIEW_CHARS ? `${shown}… (${text.length}+ characters)` : shown
}

const INTERNAL_FAILURE = /internal server error\s*\[([^\]\r\n]{1,200})\]/i

/** The incident ID of the gateway's HTTP 500 body `internal server error [ID]` (spec §7.2), if present. */
export function internalFailureId(body: Buffer | string): string | null {
  const text = typeof body === 'string' ? body : body.subarray(0, 4096).toString('utf8')
  return INTERNAL_FAILURE.exec(text)?.[1]?.trim() ?? null
}
