import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createReportFiles } from '../../../main/reports/report-files'
import {
  APP_SCHEME_PRIVILEGES,
  parseByteRange,
  reportFileIdOf,
  resolveAppFile,
  serveAppRequest,
  type AppRequest,
} from '../../../main/app/security/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../../main/app/security/content-security-policy'

const base = mkdtempSync(join(tmpdir(), 'gatedesk-protocol-'))
const root = join(base, 'renderer')
mkdirSync(join(root, 'assets'), { recursive: true })
writeFileSync(join(root, 'index.html'), '<!doctype html><title>GateDesk</title>')
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)')
writeFileSync(join(base, 'secret.js'), 'the private key')
writeFileSync(join(root, 'notes.txt'), 'not part of the build')
afterAll(() => rmSync(base, { recursive: true, force: true }))

const reportFiles = createReportFiles()
const options = { rendererDir: root, reportFiles }
const get = (url: string, headers: Record<string, string> = {}, method = 'GET'): AppRequest => ({
  url,
  method,
  headers: new Headers(headers),
})
const serve = (url: string) => serveAppRequest(get(url), options)

describe('resolveAppFile', () => {
  it('maps app://gatedesk paths into the renderer folder', () => {
    expect(resolveAppFile(root, 'app://gatedesk/')).toBe(join(root, 'index.html'))
    expect(resolveAppFile(root, 'app://gatedesk/assets/app.js?v=1#x')).toBe(
      join(root, 'assets', 'app.js'),
    )
  })

  const escapes = [
    'app://gatedesk/../secret.js',
    'app://gatedesk/%2e%2e/secret.js',
    'app://gatedesk/assets/..%2f..%2fsecret.js',
    'app://gatedesk/..%5csecret.js',
    'app://gatedesk/%2E%2E%2Fsecret.js',
    'app://gatedesk/index.html%00.js',
    'app://gatedesk/%zz',
    'app://other-host/index.html',
    'file:///etc/passwd',
    'not a url',
  ]
  for (const url of escapes) {
    it(`refuses ${url}`, () => {
      const file = resolveAppFile(root, url)
      // Either refused, or kept inside the renderer folder where no such file exists.
      if (file !== null) expect(file.startsWith(root)).toBe(true)
      expect(file).not.toBe(join(base, 'secret.js'))
    })
  }
})

describe('serveAppRequest', () => {
  it('serves build files with the CSP header', async () => {
    const response = await serve('app://gatedesk/assets/app.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(await response.text()).toBe('console.log(1)')
  })

  it('answers 404 for a file outside the folder, a missing file and an unknown kind', async () => {
    for (const url of [
      'app://gatedesk/%2e%2e/secret.js',
      'app://gatedesk/missing.js',
      'app://gatedesk/notes.txt',
    ]) {
      const response = await serve(url)
      expect(response.status, url).toBe(404)
      expect(await response.text()).not.toContain('private key')
    }
  })

  it('agrees with the CSP that renderer/index.html declares for the dev server', () => {
    const html = readFileSync(join(import.meta.dirname, '../../../renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(meta).toBe(CONTENT_SECURITY_POLICY)
  })
})

describe('parseByteRange', () => {
  const size = 1000
  const cases: [string | null, ReturnType<typeof parseByteRange>][] = [
    [null, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'part', start: 0, end: 99 }],
    ['bytes=10-10', { kind: 'part', start: 10, end: 10 }],
    ['bytes=900-5000', { kind: 'part', start: 900, end: 999 }],
    ['bytes=500-', { kind: 'part', start: 500, end: 999 }],
    ['bytes=-100', { kind: 'part', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'part', start: 0, end: 999 }],
    [' Bytes = 0-1 ', { kind: 'part', start: 0, end: 1 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1001', { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999999-', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=', { kind: 'unsatisfiable' }],
    ['bytes=a-b', { kind: 'unsatisfiable' }],
    ['bytes=-1-2', { kind: 'unsatisfiable' }],
    ['bytes=1.5-2', { kind: 'unsatisfiable' }],
    ['bytes=0x10-20', { kind: 'unsatisfiable' }],
    // Another unit must be ignored; several ranges may be (the whole file is sent).
    ['items=0-5', { kind: 'whole' }],
    ['bytes', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
  ]
  for (const [header, expected] of cases) {
    it(`reads ${JSON.stringify(header)}`, () => {
      expect(parseByteRange(header, size)).toEqual(expected)
    })
  }

  it('finds nothing satisfiable in an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseByteRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseByteRange(null, 0)).toEqual({ kind: 'whole' })
  })
})

describe('report files over app://', () => {
  // Bytes 0..255 repeated: any slice shows where it was cut from.
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 256))
  const pdfPath = join(base, 'report.pdf')
  writeFileSync(pdfPath, bytes)
  const fileId = reportFiles.register(pdfPath, 'application/pdf')
  const url = `app://gatedesk/report-files/${fileId}`
  const fetchFile = (headers: Record<string, string> = {}, method = 'GET') =>
    serveAppRequest(get(url, headers, method), options)

  it('serves a registered file whole, with its type, ranges offered and the security headers', async () => {
    const response = await fetchFile()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(response.headers.get('content-length')).toBe('300000')
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('answers a range with 206 and exactly those bytes', async () => {
    for (const [range, start, end] of [
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=299990-', 299_990, 299_999],
      ['bytes=-16', 299_984, 299_999],
      ['bytes=0-0', 0, 0],
    ] as const) {
      const response = await fetchFile({ Range: range })
      expect(response.status, range).toBe(206)
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/300000`)
      expect(response.headers.get('content-length')).toBe(String(end - start + 1))
      const body = Buffer.from(await response.arrayBuffer())
      expect(body.equals(bytes.subarray(start, end + 1)), range).toBe(true)
    }
  })

  it('answers 416 with the size for a range it cannot satisfy', async () => {
    for (const range of ['bytes=300000-', 'bytes=9-3', 'bytes=abc', 'bytes=-0']) {
      const response = await fetchFile({ Range: range })
      expect(response.status, range).toBe(416)
      expect(response.headers.get('content-range')).toBe('bytes */300000')
      expect(await response.text()).toBe('')
    }
  })

  it('answers HEAD with the headers alone, and refuses other methods', async () => {
    const head = await fetchFile({ Range: 'bytes=0-9' }, 'HEAD')
    expect(head.status).toBe(206)
    expect(head.headers.get('content-length')).toBe('10')
    expect(await head.text()).toBe('')
    const post = await fetchFile({}, 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('streams a range from disk, never reading the file whole', async () => {
    // A sparse 3 GiB file: more than a Buffer holds, so only a streamed range can be answered.
    const hugePath = join(base, 'huge.pdf')
    writeFileSync(hugePath, '')
    truncateSync(hugePath, 3 * 1024 ** 3)
    const huge = `app://gatedesk/report-files/${reportFiles.register(hugePath, 'application/pdf')}`
    const response = await serveAppRequest(get(huge, { Range: 'bytes=-10' }), options)
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe(
      `bytes ${3 * 1024 ** 3 - 10}-${3 * 1024 ** 3 - 1}/${3 * 1024 ** 3}`,
    )
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.alloc(10))).toBe(true)
    const whole = await serveAppRequest(get(huge, {}, 'HEAD'), options)
    expect(whole.headers.get('content-length')).toBe(String(3 * 1024 ** 3))
  })

  it('serves an empty file as empty', async () => {
    const emptyPath = join(base, 'empty.pdf')
    writeFileSync(emptyPath, '')
    const empty = `app://gatedesk/report-files/${reportFiles.register(emptyPath, 'application/pdf')}`
    const whole = await serve(empty)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-length')).toBe('0')
    expect((await serveAppRequest(get(empty, { Range: 'bytes=0-' }), options)).status).toBe(416)
  })

  it('answers 404 for an unknown id, a forgotten file, a file gone from disk and no registry', async () => {
    const goneId = reportFiles.register(join(base, 'never-written.pdf'), 'application/pdf')
    const forgotten = reportFiles.register(pdfPath, 'application/pdf')
    reportFiles.forget(forgotten)
    for (const request of [
      'app://gatedesk/report-files/00000000-0000-4000-8000-000000000000',
      `app://gatedesk/report-files/${goneId}`,
      `app://gatedesk/report-files/${forgotten}`,
    ]) {
      expect((await serve(request)).status, request).toBe(404)
    }
    const withoutRegistry = await serveAppRequest(get(url), {
      rendererDir: root,
      reportFiles: null,
    })
    expect(withoutRegistry.status).toBe(404)
  })

  const attempts = [
    `app://gatedesk/report-files/${fileId}/`,
    `app://gatedesk/report-files/${fileId}/..`,
    `app://gatedesk/report-files/${fileId}%2f..%2f..%2fsecret.js`,
    'app://gatedesk/report-files/..%2f..%2fsecret.js',
    'app://gatedesk/report-files/%2e%2e/secret.js',
    'app://gatedesk/report-files/..%5c..%5csecret.js',
    `app://gatedesk/report-files/${fileId.toUpperCase()}`,
    `app://gatedesk/report-files/${fileId}%00`,
    'app://gatedesk/report-files/',
    `app://gatedesk/report-files/x/${fileId}`,
    `app://other-host/report-files/${fileId}`,
    `${pdfPath}`,
  ]
  for (const attempt of attempts) {
    it(`serves nothing for ${attempt.replace(fileId, '<id>')}`, async () => {
      expect(reportFileIdOf(attempt)).toBeNull()
      const response = await serve(attempt)
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Not found')
    })
  }

  it('reads the id of a well-formed URL, query and fragment aside', () => {
    expect(reportFileIdOf(url)).toBe(fileId)
    expect(reportFileIdOf(`${url}?x=1#page=2`)).toBe(fileId)
  })
})

describe('report files for the dev server’s page (another origin)', () => {
  const devOrigin = 'http://localhost:5173'
  const devOptions = { ...options, devOrigin }
  const pdfPath = join(base, 'dev.pdf')
  writeFileSync(pdfPath, Buffer.alloc(1000, 7))
  const url = `app://gatedesk/report-files/${reportFiles.register(pdfPath, 'application/pdf')}`

  it('lets the dev origin read a range, with the size pdf.js needs exposed', async () => {
    const response = await serveAppRequest(
      get(url, { Origin: devOrigin, Range: 'bytes=0-99' }),
      devOptions,
    )
    expect(response.status).toBe(206)
    expect(response.headers.get('access-control-allow-origin')).toBe(devOrigin)
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range')
    expect(response.headers.get('vary')).toBe('Origin')
    expect(response.headers.get('content-range')).toBe('bytes 0-99/1000')
  })

  it('answers its preflight for a Range GET', async () => {
    const response = await serveAppRequest(
      get(url, { Origin: devOrigin, 'Access-Control-Request-Method': 'GET' }, 'OPTIONS'),
      devOptions,
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(devOrigin)
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD')
    expect(response.headers.get('access-control-allow-headers')).toBe('Range')
  })

  it('tells the dev origin a file is gone (a 404 it can read, not a blocked request)', async () => {
    const gone = 'app://gatedesk/report-files/00000000-0000-4000-8000-000000000000'
    const response = await serveAppRequest(get(gone, { Origin: devOrigin }), devOptions)
    expect(response.status).toBe(404)
    expect(response.headers.get('access-control-allow-origin')).toBe(devOrigin)
  })

  it('grants no other origin, and none at all in the app (no dev origin)', async () => {
    for (const [origin, devSetting] of [
      ['http://localhost:5174', devOrigin],
      ['http://evil.example', devOrigin],
      ['null', devOrigin],
      [devOrigin, null],
      [devOrigin, undefined],
    ] as const) {
      const served = { ...options, devOrigin: devSetting }
      const read = await serveAppRequest(get(url, { Origin: origin, Range: 'bytes=0-9' }), served)
      expect(read.headers.get('access-control-allow-origin'), origin).toBeNull()
      const asked = await serveAppRequest(get(url, { Origin: origin }, 'OPTIONS'), served)
      expect(asked.status, origin).toBe(403)
      expect(asked.headers.get('access-control-allow-origin')).toBeNull()
    }
  })

  it('never puts CORS headers on the renderer’s own files', async () => {
    const response = await serveAppRequest(
      get('app://gatedesk/assets/app.js', { Origin: devOrigin }),
      devOptions,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('registers app:// as a standard, secure scheme fetch() may read across origins', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      standard: true,
      secure: true,
      supportFetchAPI: true,
      corsEnabled: true,
    })
  })
})
