import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../main/cli/main'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-report-request-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
process.env[DATA_DIR_VARIABLE] = join(dir, 'data')

async function cli(args: string[], language: 'en' | 'ru' = 'en') {
  let stderr = ''
  const io = { stdout: () => undefined, stderr: (t: string) => (stderr += t), language }
  const code = await main(args, io)
  return { code, stderr }
}

const request = join(dir, 'request.json')
writeFileSync(
  request,
  JSON.stringify({ reportIdentifier: '', reportFormat: 'XLS', reportEncode: 5, filters: {} }),
)
// Never read: a request file with problems is refused before the connection is loaded.
const args = ['report', '--connection', join(dir, 'none.json'), '--request', request]

describe('gatedesk report --request with several problems', () => {
  it('lists every problem at once, each at its field in plain words, and sends nothing', async () => {
    const { code, stderr } = await cli([...args, '--out', join(dir, 'r.csv')])
    expect(code).toBe(1)
    expect(stderr.trimEnd().split('\n')).toEqual([
      `gatedesk report: --request ${request}: 8 things to correct, nothing was sent:`,
      '  reportIdentifier: Required: the identifier of the report to run, as support gave it',
      '  reportEncode: Must be text, not a number',
      '  reportName: Missing: write text here',
      '  reportCsvDelimiter: Missing: write text here',
      '  configurationReportParameters: Missing: write a list [ … ] here',
      '  inputReportParameters: Missing: write a list [ … ] here',
      '  outputReportParameters: Missing: write a list [ … ] here',
      '  reportFormat "XLS": the gateway sends reports as "CSV" or "PDF" (spec §2.1); write one of those',
    ])
  })

  it('words them in Russian for a Russian terminal', async () => {
    const { stderr } = await cli([...args, '--out', join(dir, 'r.csv')], 'ru')
    expect(stderr).toContain('8 ошибок, ничего не отправлено:')
    expect(stderr).toContain('  reportEncode: Ожидается текст, а не число')
  })
})
