import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { resolveAppFile, serveAppRequest } from '../../main/security/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../main/security/content-security-policy'

const base = mkdtempSync(join(tmpdir(), 'gatedesk-protocol-'))
const root = join(base, 'renderer')
mkdirSync(join(root, 'assets'), { recursive: true })
writeFileSync(join(root, 'index.html'), '<!doctype html><title>GateDesk</title>')
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)')
writeFileSync(join(base, 'secret.js'), 'the private key')
writeFileSync(join(root, 'notes.txt'), 'not part of the build')
afterAll(() => rmSync(base, { recursive: true, force: true }))

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
    const response = await serveAppRequest(root, 'app://gatedesk/assets/app.js')
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
      const response = await serveAppRequest(root, url)
      expect(response.status, url).toBe(404)
      expect(await response.text()).not.toContain('private key')
    }
  })

  it('agrees with the CSP that renderer/index.html declares for the dev server', () => {
    const html = readFileSync(join(import.meta.dirname, '../../renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(meta).toBe(CONTENT_SECURITY_POLICY)
  })
})
