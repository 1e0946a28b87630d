/** The URL to hand to the system browser, or null: only http(s) links, decided by a parser. */
export function externalUrlToOpen(text: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  return url.href
}
