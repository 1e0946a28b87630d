const PREVIEW_CHARS = 200

/** Shows what arrived from the server in an error message: cut short, control characters visible. */
export function previewReceived(body: Buffer | string): string {
  const text =
    typeof body === 'string' ? body : body.subarray(0, PREVIEW_CHARS * 4).toString('utf8')
  if (text.length === 0) return '(empty body)'
  const shown = JSON.stringify(text.slice(0, PREVIEW_CHARS))
  return text.length > PREVIEW_CHARS ? `${shown}… (${text.length}+ characters)` : shown
}

const INTERNAL_FAILURE = /internal server error\s*\[([^\]\r\n]{1,200})\]/i

/** The incident ID of the gateway's HTTP 500 body `internal server error [ID]` (spec §7.2), if present. */
export function internalFailureId(body: Buffer | string): string | null {
  const text = typeof body === 'string' ? body : body.subarray(0, 4096).toString('utf8')
  return INTERNAL_FAILURE.exec(text)?.[1]?.trim() ?? null
}
