/**
 * A card number as it is often copied (`4111 1111 1111 1111`, `4111-1111-1111-1111`): the digits
 * alone, or null when the text is something else, which is then pasted as it is.
 */
export function cardDigitsOfPaste(text: string): string | null {
  const trimmed = text.trim()
  if (!/^\d[\d -]*\d$/.test(trimmed)) return null
  const digits = trimmed.replace(/[ -]/g, '')
  return digits.length >= 12 && digits.length <= 19 ? digits : null
}

/** The value after `pasted` replaces the selection `[start, end)` of `value`. */
export const pasteInto = (value: string, pasted: string, start: number, end: number) =>
  value.slice(0, start) + pasted + value.slice(end)

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/**
 * A client-orderid for a new update: GD-YYYYMMDD-HHMMSS-XXXXXX, readable in History and unique
 * through 24 random bits beside the second it was made.
 */
export function newClientOrderId(now = new Date()): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(16).padStart(8, '0')
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`
  return `GD-${day}-${time}-${random.slice(0, 6).toUpperCase()}`
}

export const isGeneratedOrderId = (text: string) => /^GD-\d{8}-\d{6}-[0-9A-F]{6}$/.test(text)
