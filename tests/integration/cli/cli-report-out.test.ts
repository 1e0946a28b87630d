import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import type { ReportRequest } from '../../../preload/contract/reports/report-request'
import { startHttpsTestServer, type HttpsTestServer } from '../../fixtures/https-test-server'
import { reportRequest, useTestSandbox } from '../../fixtures/sandbox'
import { cli } from '../../fixtures/cli'

// `gatedesk report --out r.csv` never leaves a PDF in r.csv (nor a CSV in r.pdf): an --out name
// that contradicts the request's reportFormat is refused before sending, and when reportFormat
// names no format GateDesk knows, a report of the other format than the name says is not kept.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-report-out-'))
process.env[DATA_DIR_VARIABLE] = join(dir, 'data')
const sandbox = useTestSandbox()

function requestFile(name: string, overrides: Partial<ReportRequest>): string {
  const file = join(dir, `${name}.json`)
  writeFileSync(file, JSON.stringify(reportRequest(overrides)))
  return file
}

const report = (connection: string, request: string, out: string, json: string[] = []) =>
  cli(['report', '--connection', connection, '--request', request, '--out', out, ...json])

/** The files in a folder, .part files included: none may be left by a refusal. */
const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder) : [])

describe('gatedesk report --out whose extension contradicts reportFormat', () => {
  it('refuses a PDF request saved as .csv before sending, writing nothing', async () => {
    mkdirSync(join(dir, 'refused'))
    const out = join(dir, 'refused', 'r.csv')
    const request = requestFile('pdf', { reportFormat: 'PDF' })
    const { code, stdout, stderr } = await report(sandbox.sandbox.connectionFile, request, out)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      `gatedesk report: --out ${out}: the request asks for a PDF report (reportFormat "PDF"), but the file name ends in .csv: name the file .pdf, or ask for CSV in --request. Nothing was sent.\n`,
    )
    expect(filesIn(join(dir, 'refused'))).toEqual([])
  })

  it('refuses a CSV request saved as .PDF', async () => {
    const out = join(dir, 'refused', 'r.PDF')
    const request = requestFile('csv', { reportFormat: 'csv' })
    const { code, stderr } = await report(sandbox.sandbox.connectionFile, request, out)
    expect(code).toBe(1)
    expect(stderr).toContain(
      'asks for a CSV report (reportFormat "csv"), but the file name ends in .PDF',
    )
    expect(filesIn(join(dir, 'refused'))).toEqual([])
  })

  it('saves a report whose name agrees, or names no format, saying which format it wrote', async () => {
    const request = requestFile('pdf-ok', { reportFormat: 'PDF' })
    for (const name of ['r.pdf', 'r.report']) {
      const out = join(dir, name)
      const { code, stdout } = await report(sandbox.sandbox.connectionFile, request, out)
      expect(code).toBe(0)
      expect(stdout).toMatch(new RegExp(`^Saved a PDF report of \\d+ bytes to ${out}\\n$`))
      expect(readFileSync(out).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    }
  })
})

describe('gatedesk report --out when reportFormat names no known format', () => {
  // A gateway that answers any report request with a whole PDF, whatever reportFormat says.
  let gateway: HttpsTestServer
  let connection: string
  let request: string
  beforeAll(async () => {
    const pdfRequest = requestFile('pdf-sample', { reportFormat: 'PDF' })
    const sample = join(dir, 'sample.pdf')
    expect((await report(sandbox.sandbox.connectionFile, pdfRequest, sample)).code).toBe(0)
    const pdf = readFileSync(sample)
    gateway = await startHttpsTestServer((incoming, response) => {
      incoming.resume()
      incoming.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/pdf' })
        response.end(pdf)
      })
    })
    writeFileSync(join(dir, 'gateway-ca.pem'), gateway.caPem)
    writeFileSync(join(dir, 'control-key.txt'), 'control-key\n')
    connection = join(dir, 'gateway.json')
    writeFileSync(
      connection,
      JSON.stringify({
        baseUrl: gateway.url(''),
        endpointId: '1',
        merchantLogin: 'merchant',
        controlKeyFile: 'control-key.txt',
        caCertFile: 'gateway-ca.pem',
      }),
    )
    request = requestFile('unknown-format', { reportFormat: 'XLSX' })
  })
  afterAll(async () => {
    await gateway.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('does not keep a PDF under a .csv name, and says why, in text and JSON', async () => {
    const folder = join(dir, 'unknown')
    mkdirSync(folder)
    const out = join(folder, 'r.csv')
    const why = `The gateway sent a PDF report, but --out ${out} ends in .csv, so nothing was written: name the file .pdf and run the report again.`
    const text = await report(connection, request, out)
    expect(text.code).toBe(1)
    expect(text.stdout).toBe(`protocol-error: ${why}\n`)
    const json = await report(connection, request, out, ['--json'])
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({
      outcome: 'protocol-error',
      file: null,
      message: why,
    })
    expect(filesIn(folder)).toEqual([])
  })

  it('keeps it under a .pdf name', async () => {
    const out = join(dir, 'unknown-ok.pdf')
    const { code, stdout } = await report(connection, request, out)
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Saved a PDF report of \d+ bytes to /)
  })
})
