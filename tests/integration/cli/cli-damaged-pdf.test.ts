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
import { main } from '../../../main/cli/main'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { startHttpsTestServer, type HttpsTestServer } from '../../fixtures/https-test-server'
import { overwritten, sandboxPdf } from '../../fixtures/pdf-files'
import { reportRequest } from '../../fixtures/sandbox'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-damaged-'))
// The CLI records what it sends in the app's history: here, never the user's own.
process.env[DATA_DIR_VARIABLE] = join(dir, 'data')
const outDir = join(dir, 'out')
let server: HttpsTestServer
let body: Buffer

beforeAll(async () => {
  server = await startHttpsTestServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/pdf' })
      response.end(body)
    })
  })
  writeFileSync(join(dir, 'ca.pem'), server.caPem)
  writeFileSync(join(dir, 'control.key'), 'control-key')
  writeFileSync(
    join(dir, 'gateway.json'),
    JSON.stringify({
      baseUrl: server.url(''),
      caCertFile: 'ca.pem',
      endpointId: '1',
      merchantLogin: 'shop',
      controlKeyFile: 'control.key',
    }),
  )
  writeFileSync(join(dir, 'request.json'), JSON.stringify(reportRequest({ reportFormat: 'PDF' })))
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

async function report(...extra: string[]) {
  return reportIn('en', ...extra)
}

async function reportIn(language: 'en' | 'ru', ...extra: string[]) {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir)
  const out = join(outDir, 'november.pdf')
  let stdout = ''
  const args = ['report', '--connection', join(dir, 'gateway.json')]
  args.push('--request', join(dir, 'request.json'), '--out', out, ...extra)
  const code = await main(args, {
    stdout: (text) => (stdout += text),
    stderr: () => {},
    language,
  })
  return { code, stdout, out }
}

describe('gatedesk report given a damaged PDF', () => {
  it('exits 1 saying what is broken, keeps nothing, and says how to keep the bytes', async () => {
    body = overwritten(await sandboxPdf(), 2000, 8000)
    const { code, stdout, out } = await report()
    expect(code).toBe(1)
    expect(stdout).toMatch(
      /^protocol-error: The gateway sent a damaged PDF: object \d+ is not at byte/,
    )
    expect(stdout).toContain('run again with --keep-damaged')
    expect(existsSync(out)).toBe(false)
  })

  it('keeps the bytes as .damaged.pdf with --keep-damaged, and still exits 1', async () => {
    body = overwritten(await sandboxPdf(), 2000, 8000)
    const { code, stdout } = await report('--keep-damaged', '--json')
    expect(code).toBe(1)
    const damagedFile = join(outDir, 'november.damaged.pdf')
    expect(JSON.parse(stdout)).toMatchObject({ outcome: 'protocol-error', file: null, damagedFile })
    expect(readdirSync(outDir)).toEqual(['november.damaged.pdf'])
    expect(readFileSync(damagedFile).equals(body)).toBe(true)
  })

  it('says so in Russian in a Russian terminal, while --json stays English with the code', async () => {
    body = overwritten(await sandboxPdf(), 2000, 8000)
    const { stdout } = await reportIn('ru')
    expect(stdout).toMatch(/^ошибка протокола: Шлюз прислал повреждённый PDF: /)
    expect(stdout).toContain('запустите снова с --keep-damaged')
    const json = JSON.parse((await reportIn('ru', '--json')).stdout)
    expect(json.message).toMatch(/^The gateway sent a damaged PDF: /)
    expect(json.messageCode).toMatch(/^report\.pdf-damaged\./)
    expect(json.params).toBeTypeOf('object')
  })

  it('saves a whole PDF as the report, exit 0', async () => {
    body = await sandboxPdf()
    const { code, out } = await report()
    expect(code).toBe(0)
    expect(readFileSync(out).equals(body)).toBe(true)
  })
})
