import { readFile, type FileHandle } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import { CONTENT_SECURITY_POLICY } from './content-security-policy'

export const APP_SCHEME = 'app'
export const APP_HOST = 'gatedesk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`
/**
 * How Chromium treats app://: a standard, secure scheme that fetch() may read. corsEnabled lets
 * the dev server's page (another origin) read report files; the handler answers with CORS
 * headers for that origin alone (devOrigin), so no other origin can.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: true,
} as const
/** Report files are served by id under this path: app://gatedesk/report-files/<fileId>. */
export const REPORT_FILES_PATH = '/report-files/'

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

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
}

/** An app:// request as both Electron's protocol.handle and the e2e harness see it. */
export interface AppRequest {
  url: string
  method: string
  headers: { get(name: string): string | null }
}

/** The report files main registered, as app:// serves them (main/reports/report-files.ts). */
export interface ServedReportFiles {
  resolve(fileId: string): { path: string; contentType: string } | null
  /** Refuses (throws) unless the file is still a regular file: a pipe's read would never end. */
  openRegular(path: string): Promise<FileHandle>
}

export interface AppProtocolOptions {
  /** The built renderer. */
  rendererDir: string
  /** The report files main registered; null until the services have started. */
  reportFiles: ServedReportFiles | null
  /**
   * The dev server's origin (devServerUrl's, so only http on this machine, never in the packaged
   * app): the window loaded from it reads report files across origins, so they are answered
   * with CORS headers for it alone. Null in the app and in the e2e harness (same origin).
   */
  devOrigin?: string | null
}

function parseAppUrl(requestUrl: string): URL | null {
  const url = URL.parse(requestUrl)
  return url && url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST ? url : null
}

/**
 * Maps an app:// URL to a file inside `rootDir`, or null when it must not be served: another
 * host, a malformed escape, a NUL byte, or a path that would leave `rootDir` (../, %2e%2e/, …).
 */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  const url = parseAppUrl(requestUrl)
  if (!url) return null
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

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The file id of an app://gatedesk/report-files/<id> URL, or null. The id is matched on the raw,
 * undecoded path: an escape, a dot segment or a second path segment is simply not an id.
 */
export function reportFileIdOf(requestUrl: string): string | null {
  const url = parseAppUrl(requestUrl)
  if (!url?.pathname.startsWith(REPORT_FILES_PATH)) return null
  const id = url.pathname.slice(REPORT_FILES_PATH.length)
  return FILE_ID.test(id) ? id : null
}

/** What a Range header asks of a file of `size` bytes; `end` is inclusive, as in HTTP. */
export type ByteRange =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' }

/**
 * Reads a Range header (RFC 9110 §14) for one range of bytes: `bytes=a-b`, `bytes=a-` or the
 * suffix `bytes=-n`. A malformed range, or one that starts at or past the end, is unsatisfiable
 * (416). Another unit must be ignored, and several ranges may be (the whole file is sent): pdf.js
 * never asks for either.
 */
export function parseByteRange(header: string | null, size: number): ByteRange {
  if (header === null) return { kind: 'whole' }
  const equals = header.indexOf('=')
  if (equals < 0 || header.slice(0, equals).trim().toLowerCase() !== 'bytes')
    return { kind: 'whole' }
  const spec = header.slice(equals + 1).trim()
  if (spec.includes(',')) return { kind: 'whole' }
  const match = /^(\d*)-(\d*)$/.exec(spec)
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'unsatisfiable' }
  const [, first = '', last = ''] = match
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Number(last)
  if (start >= size || end < start) return { kind: 'unsatisfiable' }
  return { kind: 'part', start, end: Math.min(end, size - 1) }
}

const notFound = (headers: Record<string, string> = {}) =>
  new Response('Not found', { status: 404, headers })

/**
 * CORS headers that let the dev server's page read a report file: only when the request comes
 * from that origin (Chromium sends Origin on every cross-origin fetch), never a wildcard.
 * pdf.js's range reader needs Content-Range (the file's size) and Content-Length exposed.
 */
function corsHeaders(request: AppRequest, devOrigin: string | null): Record<string, string> {
  const origin = request.headers.get('origin')
  if (!devOrigin || origin !== devOrigin) return {}
  return {
    'Access-Control-Allow-Origin': devOrigin,
    'Access-Control-Expose-Headers': 'Content-Range, Content-Length, Accept-Ranges',
    Vary: 'Origin',
  }
}

/** The answer to a CORS preflight for a report file: a Range GET from the dev server only. */
function preflight(request: AppRequest, devOrigin: string | null): Response {
  const cors = corsHeaders(request, devOrigin)
  if (!cors['Access-Control-Allow-Origin']) return new Response(null, { status: 403 })
  return new Response(null, {
    status: 204,
    headers: {
      ...cors,
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Allow-Headers': 'Range',
      'Access-Control-Max-Age': '600',
    },
  })
}

/**
 * Answers a report-files request: only a file main registered, found by id; GET or HEAD; with
 * Range support, the bytes streamed from disk (a report may be far bigger than memory).
 */
async function serveReportFile(
  request: AppRequest,
  fileId: string,
  { reportFiles, devOrigin = null }: AppProtocolOptions,
): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight(request, devOrigin)
  // The dev server's page learns of a missing file too, not just of a blocked request.
  const cors = corsHeaders(request, devOrigin)
  const file = reportFiles?.resolve(fileId)
  if (!reportFiles || !file) return notFound(cors)
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', {
      status: 405,
      headers: { ...cors, Allow: 'GET, HEAD' },
    })
  }
  let handle
  try {
    // Checked when registered, it may have been swapped for a pipe since, which would never end.
    handle = await reportFiles.openRegular(file.path)
  } catch {
    return notFound(cors)
  }
  try {
    const { size } = await handle.stat()
    const range = parseByteRange(request.headers.get('range'), size)
    const headers: Record<string, string> = {
      ...SECURITY_HEADERS,
      ...cors,
      'Content-Type': file.contentType,
      'Accept-Ranges': 'bytes',
      // A report holds merchants' transactions: never keep a copy in a cache.
      'Cache-Control': 'no-store',
    }
    if (range.kind === 'unsatisfiable') {
      await handle.close()
      return new Response(null, {
        status: 416,
        headers: { ...headers, 'Content-Range': `bytes */${size}` },
      })
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1]
    headers['Content-Length'] = String(end - start + 1)
    if (range.kind === 'part') headers['Content-Range'] = `bytes ${start}-${end}/${size}`
    const status = range.kind === 'part' ? 206 : 200
    if (request.method === 'HEAD' || end < start) {
      await handle.close()
      return new Response(null, { status, headers })
    }
    const stream = handle.createReadStream({ start, end })
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers })
  } catch {
    await handle.close()
    return notFound(cors)
  }
}

/** Answers a renderer file with the app's security headers, or a 404. */
async function serveRendererFile(rootDir: string, requestUrl: string): Promise<Response> {
  const file = resolveAppFile(rootDir, requestUrl)
  const contentType = file ? CONTENT_TYPES[extname(file).toLowerCase()] : undefined
  if (!file || !contentType) return notFound()
  try {
    return new Response(await readFile(file), {
      headers: { ...SECURITY_HEADERS, 'Content-Type': contentType },
    })
  } catch {
    return notFound()
  }
}

/** Answers one app:// request: a registered report file by id, or a file of the renderer. */
export function serveAppRequest(
  request: AppRequest,
  options: AppProtocolOptions,
): Promise<Response> {
  const url = parseAppUrl(request.url)
  if (url?.pathname.startsWith(REPORT_FILES_PATH)) {
    const fileId = reportFileIdOf(request.url)
    return fileId ? serveReportFile(request, fileId, options) : Promise.resolve(notFound())
  }
  return serveRendererFile(options.rendererDir, request.url)
}
