import { mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runReport } from '../../../main/platform/gateway/custom-report'
import { SPEC_PATHS } from '../../../main/platform/gateway/environment'
import { httpsPost, httpsPostToFile } from '../../../main/platform/gateway/https-transport'
import { randomNonce } from '../../../main/platform/gateway/oauth1'
import { createEmbeddedSandbox } from '../../../main/sandbox/process/embedded-sandbox'
import { forkLauncher } from '../../../main/platform/workers/fork-launcher'
import { sourceScript } from '../../../main/platform/workers/script-ref'
import { reportRequest } from '../../fixtures/sandbox'

// A PDF report is drawn and sent a page at a time: its size does not grow the sandbox's heap.
// Before, pdfkit kept the layout of every word drawn: these rows ran this heap out of memory,
// and a million rows ran out of any.

const ROWS = 8_000
const HEAP_LIMIT_MB = 48
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-pdf-memory-'))
const script = sourceScript('sandbox-process')
const sandbox = createEmbeddedSandbox({
  launch: forkLauncher,
  script: { ...script, process: { title: 'GateDesk sandbox', heapLimitMb: HEAP_LIMIT_MB } },
  stateDir: join(dir, 'sandbox'),
  faults: false,
  onStarted: async () => undefined,
  logError: () => undefined,
})
afterAll(async () => {
  await sandbox.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** The last `bytes` of a file. */
function tailOf(file: string, bytes: number): string {
  const buffer = Buffer.alloc(bytes)
  const fd = openSync(file, 'r')
  readSync(fd, buffer, 0, bytes, statSync(file).size - bytes)
  return buffer.toString('latin1')
}

describe('a large PDF report', () => {
  it(`streams ${ROWS} rows from a sandbox with a ${HEAP_LIMIT_MB} MB heap`, async () => {
    const { baseUrl, connection } = await sandbox.start()
    const file = join(dir, 'large.pdf')
    const controlKey = readFileSync(connection.controlKeyFile, 'utf8').trim()
    const result = await runReport(
      { httpsPost, httpsPostToFile, now: Date.now, nonce: randomNonce },
      {
        baseUrl,
        endpointId: connection.endpointId,
        merchantLogin: connection.merchantLogin,
        ...SPEC_PATHS,
        oauthInBody: true,
        extraCaPem: readFileSync(connection.caCertFile, 'utf8'),
      },
      { controlKey: async () => controlKey, rsaPrivateKey: () => Promise.reject(new Error()) },
      reportRequest({
        reportFormat: 'PDF',
        inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: String(ROWS) }],
      }),
      { file },
    )

    expect(result).toMatchObject({ outcome: 'report', kind: 'pdf' })
    expect(tailOf(file, 16)).toMatch(/%%EOF\s*$/)
    // About 45 rows a page: the pages are all there.
    expect(result.bytes).toBeGreaterThan(ROWS * 40)
  }, 120_000)
})
