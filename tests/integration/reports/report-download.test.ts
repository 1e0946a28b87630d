import { generateKeyPairSync } from 'node:crypto'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runReport } from '../../../main/platform/gateway/custom-report'
import { SPEC_PATHS, type GatewayEnvironment } from '../../../main/platform/gateway/environment'
import type { GatewayDeps, SigningSecrets } from '../../../main/platform/gateway/gateway-client'
import { httpsPost, httpsPostToFile } from '../../../main/platform/gateway/https-transport'
import { randomNonce } from '../../../main/platform/gateway/oauth1'
import { updateRecurringPayment } from '../../../main/platform/gateway/update-recurring-payment'
import { startHttpsTestServer, type HttpsTestServer } from '../../fixtures/https-test-server'
import { HOLLOW_PDF, overwritten, sandboxPdf } from '../../fixtures/pdf-files'
import { reportRequest } from '../../fixtures/sandbox'

let answer: (response: ServerResponse) => void
let server: HttpsTestServer
let dir: string
const deps: GatewayDeps = { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce }
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const secrets: SigningSecrets = {
  controlKey: async () => 'control-key',
  rsaPrivateKey: async () => privateKey,
}
const csv = '"Merchant_Name","Amount"\r\n"Shop","10.500"\r\n'
const pdf = (ending: string) => Buffer.from(`%PDF-1.7\n1 0 obj\n<< >>\nendobj\n${ending}`, 'latin1')
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

beforeAll(async () => {
  server = await startHttpsTestServer((request, response) => {
    request.resume()
    request.on('end', () => answer(response))
  })
})
afterAll(() => server.close())
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatedesk-download-'))
  return () => rmSync(dir, { recursive: true, force: true })
})

const env = (): GatewayEnvironment => ({
  baseUrl: server.url(''),
  endpointId: '1',
  merchantLogin: 'shop',
  ...SPEC_PATHS,
  oauthInBody: true,
  extraCaPem: server.caPem,
})
const replyWith = (contentType: string, body: string | Buffer) => (response: ServerResponse) => {
  response.writeHead(200, { 'Content-Type': contentType })
  response.end(body)
}
/** One byte every 50 ms, `count` times: never stalls, never finishes in time. */
/** Writes `count` bytes 50 ms apart, counting them in `sent`, until the client goes away. */
const drip =
  (count: number, sent = { bytes: 0 }) =>
  async (response: ServerResponse) => {
    response.writeHead(200, { 'Content-Type': 'text/csv' })
    for (let i = 0; i < count && !response.destroyed; i++) {
      response.write('"')
      sent.bytes++
      await sleep(50)
    }
    response.end()
  }

describe('how much a report download may take', () => {
  it('stops at limits.maxBytes with a clear outcome and keeps nothing', async () => {
    answer = replyWith('text/csv', `"Amount"\r\n${'"1.00"\r\n'.repeat(200_000)}`)
    const file = join(dir, 'big.csv')
    const result = await runReport(deps, env(), secrets, reportRequest(), {
      file,
      limits: { maxBytes: 1024 * 1024 },
    })
    expect(result).toMatchObject({ outcome: 'transport-error', file: null, exceeded: 'maxBytes' })
    expect(result.message).toMatch(/^The report is larger than the 1 MiB limit/)
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a report declared larger than 2 GiB by default, before reading it', async () => {
    answer = (response) => {
      response.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Length': 3 * 1024 ** 3 })
      response.write(csv)
      setTimeout(() => response.destroy(), 2_000)
    }
    const result = await runReport(deps, env(), secrets, reportRequest(), {
      file: join(dir, 'huge.csv'),
    })
    expect(result.outcome).toBe('transport-error')
    expect(result.message).toMatch(/^The report is larger than the 2 GiB limit/)
    expect(readdirSync(dir)).toEqual([])
  })

  it('stops at limits.deadlineMs however steadily the bytes come', async () => {
    const sent = { bytes: 0 }
    answer = drip(200, sent)
    const result = await runReport(deps, env(), secrets, reportRequest(), {
      file: join(dir, 'slow.csv'),
      limits: { deadlineMs: 500 },
    })
    expect(result).toMatchObject({ outcome: 'transport-error', exceeded: 'deadlineMs' })
    expect(result.message).toMatch(/^The report took longer than the 500 ms limit/)
    // Stopped while the report still came: an order of events, not a time.
    expect(sent.bytes).toBeLessThan(200)
    expect(readdirSync(dir)).toEqual([])
  })

  it('gives up on an update answer that trickles past the deadline: unknown, never retried', async () => {
    let requests = 0
    answer = (response) => {
      requests++
      void drip(200)(response)
    }
    const result = await updateRecurringPayment(
      deps,
      env(),
      secrets,
      [
        ['client-orderid', 'O-1'],
        ['recurring-payment-id', '1'],
        ['amount', '1.00'],
      ],
      { deadlineMs: 500 },
    )
    expect(result.outcome).toBe('unknown')
    expect(result.message).toContain('check the profile before sending it again')
    expect(requests).toBe(1)
  })
})

describe('the target file is touched only by an accepted report', () => {
  it('leaves an existing file as it was when the gateway refuses', async () => {
    answer = replyWith('text/plain', 'You are not authorised to perform this request')
    const file = join(dir, 'report.csv')
    writeFileSync(file, 'last month')
    const result = await runReport(deps, env(), secrets, reportRequest(), { file })
    expect(result.outcome).toBe('not-authorised')
    expect(readFileSync(file, 'utf8')).toBe('last month')
    expect(readdirSync(dir)).toEqual(['report.csv'])
  })

  it('replaces it with an accepted report, owner-only', async () => {
    answer = replyWith('text/csv', csv)
    const file = join(dir, 'report.csv')
    writeFileSync(file, 'last month')
    const result = await runReport(deps, env(), secrets, reportRequest(), { file })
    expect(result).toMatchObject({ outcome: 'report', file })
    expect(readFileSync(file, 'utf8')).toBe(csv)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir)).toEqual(['report.csv'])
  })

  it('never writes through a symlink planted as its .part file', async () => {
    answer = replyWith('text/csv', csv)
    const victim = join(dir, 'victim.txt')
    writeFileSync(victim, 'precious')
    const file = join(dir, 'report.csv')
    symlinkSync(victim, `${file}.part`)
    const result = await runReport(deps, env(), secrets, reportRequest(), { file })
    expect(result.outcome).toBe('report')
    expect(readFileSync(victim, 'utf8')).toBe('precious')
    expect(readFileSync(file, 'utf8')).toBe(csv)
    expect(existsSync(`${file}.part`)).toBe(false)
  })
})

describe('a report is what was asked for, whole', () => {
  const run = (format: string, file = join(dir, 'r')) =>
    runReport(deps, env(), secrets, reportRequest({ reportFormat: format }), { file })

  it('keeps a PDF that ends with %%EOF, trailing whitespace allowed', async () => {
    const report = await sandboxPdf()
    answer = replyWith('application/pdf', Buffer.concat([report, Buffer.from('\r\n \n')]))
    expect(await run('PDF')).toMatchObject({ outcome: 'report', kind: 'pdf' })
  })

  it('refuses a damaged PDF, saying what is broken, and keeps no file', async () => {
    const report = await sandboxPdf()
    const damaged = [
      { body: HOLLOW_PDF, code: 'report.pdf-damaged.no-startxref' },
      { body: overwritten(report, 2000, 8000), code: 'report.pdf-damaged.misplaced-object' },
    ]
    for (const { body, code } of damaged) {
      answer = replyWith('application/pdf', body)
      const result = await run('PDF')
      expect(result).toMatchObject({ outcome: 'protocol-error', file: null, messageCode: code })
      expect(result.message).toMatch(
        /^The gateway sent a damaged PDF: .+ It was not kept as a report\./,
      )
      expect(readdirSync(dir)).toEqual([])
    }
  })

  it("keeps a damaged PDF's bytes only when asked, as a .damaged file and no report", async () => {
    const body = overwritten(await sandboxPdf(), 2000, 8000)
    answer = replyWith('application/pdf', body)
    const file = join(dir, 'november.pdf')
    const request = reportRequest({ reportFormat: 'PDF' })
    const result = await runReport(deps, env(), secrets, request, { file, keepDamaged: true })
    const damagedFile = join(dir, 'november.damaged.pdf')
    expect(result).toMatchObject({ outcome: 'protocol-error', file: null, damagedFile })
    expect(readFileSync(damagedFile).equals(body)).toBe(true)
    expect(readdirSync(dir)).toEqual(['november.damaged.pdf'])
  })

  it('refuses a PDF cut short, or with no %%EOF in its last KiB, and keeps no file', async () => {
    for (const body of [pdf('xref\n0 1\n'), pdf(`%%EOF\n${'x'.repeat(2048)}`)]) {
      answer = replyWith('application/pdf', body)
      const result = await run('PDF')
      expect(result).toMatchObject({ outcome: 'protocol-error', file: null })
      expect(result.message).toContain('%%EOF')
      expect(readdirSync(dir)).toEqual([])
    }
  })

  it('refuses a PDF for a CSV request and a CSV for a PDF request', async () => {
    answer = replyWith('application/pdf', pdf('%%EOF\n'))
    const pdfForCsv = await run('CSV')
    expect(pdfForCsv).toMatchObject({ outcome: 'protocol-error', file: null })
    expect(pdfForCsv.message).toContain('asked for a CSV report')
    answer = replyWith('text/csv', csv)
    const csvForPdf = await run('pdf')
    expect(csvForPdf).toMatchObject({ outcome: 'protocol-error', file: null })
    expect(csvForPdf.message).toContain('asked for a PDF report')
    expect(readdirSync(dir)).toEqual([])
  })
})
