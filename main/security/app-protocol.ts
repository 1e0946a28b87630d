import { readFile } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { CONTENT_SECURITY_POLICY } from './content-security-policy'

export const APP_SCHEME = 'app'
export const APP_HOST = 'gatedesk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

// The renderer build holds only these kinds of files; anything else is not served.
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
}

/**
 * Maps an app:// URL to a file inside `rootDir`, or null when it must not be served: another
 * host, a malformed escape, a NUL byte, or a path that would leave `rootDir` (../, %2e%2e/, …).
 */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (path.includes('\0') || path.includes('\\')) return null
  const root = resolve(rootDir)
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`)
  return file.startsWith(root + sep) ? file : null
}

/** Answers one app:// request with the file and the app's security headers, or a 404. */
export async function serveAppRequest(rootDir: string, requestUrl: string): Promise<Response> {
  const file = resolveAppFile(rootDir, requestUrl)
  const contentType = file ? CONTENT_TYPES[extname(file).toLowerCase()] : undefined
  if (!file || !contentType) return new Response('Not found', { status: 404 })
  try {
    return new Response(await readFile(file), {
      headers: {
        'Content-Type': contentType,
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch {
    return new Response('Not found', { status: 404 })
  }
}
