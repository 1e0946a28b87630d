import { createReadStream, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { prepareReportRequest, runReport } from '../../../main/platform/gateway/custom-report'
import { httpsPost } from '../../../main/platform/gateway/https-transport'
import { randomNonce } from '../../../main/platform/gateway/oauth1'
import { dottedDay } from '../../../preload/contract/platform/calendar'
import type { ReportRequest } from '../../../preload/contract/reports/report-request'
import { TRANSACTIONS_HEADER } from '../../fixtures/query-transactions'
import { parseQuotedCsv, reportRequest, useTestSandbox } from '../../fixtures/sandbox'

const sandbox = useTestSandbox()

let files = 0

async function report(overrides: Partial<ReportRequest> = {}) {
  const file = join(sandbox.dir, `report-${++files}`)
  const result = await runReport(
    sandbox.deps,
    sandbox.env,
    sandbox.secrets,
    reportRequest(overrides),
    { file },
  )
  return { result, file }
}

async function csvRecords(overrides: Partial<ReportRequest> = {}, delimiter = ',') {
  const { result, file } = await report(overrides)
  expect(result).toMatchObject({ outcome: 'report', kind: 'csv' })
  return parseQuotedCsv(readFileSync(file, 'utf8'), delimiter)
}

/** Sends a report request body as given and returns the raw answer. */
async function rawReport(body: string, contentType = 'application/json') {
  const prepared = prepareReportRequest(
    sandbox.env,
    sandbox.controlKey,
    reportRequest(),
    randomNonce(),
    Math.floor(Date.now() / 1000),
  )
  const response = await httpsPost({
    ...prepared,
    headers: { ...prepared.headers, 'Content-Type': contentType },
    body,
    extraCaPem: sandbox.env.extraCaPem!,
  })
  return { status: response.status, text: response.body.toString() }
}

describe('the transactions report as CSV', () => {
  it("has the spec's columns and data shapes, every field quoted", async () => {
    const { result, file } = await report()
    expect(result.outcome).toBe('report')
    const text = readFileSync(file, 'utf8')
    expect(text.startsWith(`${TRANSACTIONS_HEADER.map((c) => `"${c}"`).join(',')}\r\n`)).toBe(true)
    const [header, ...rows] = parseQuotedCsv(text)
    expect(header).toEqual(TRANSACTIONS_HEADER)
    expect(rows.length).toBeGreaterThan(10)
    const today = sandbox.sandbox.service.simulatedDate()
    for (const row of rows) {
      expect(row).toHaveLength(9)
      expect(row[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      expect(row[4]).toMatch(/^\d+\.\d{3}$/)
      expect(row[8]).toBe(today)
    }
    expect(rows[0]![0]).toBe('Demo Shop «Ромашка», Ltd')
  })

  it('keeps commas, quotes, CR, LF, CRLF, tabs and non-ASCII text inside fields intact', async () => {
    const descriptions = (await csvRecords()).map((row) => row[7])
    expect(descriptions).toEqual(
      expect.arrayContaining([
        'Order #1, "gift" wrap',
        'Two lines\r\nCRLF inside',
        'LF only\nnote',
        'CR only\rnote',
        'Подарочный сертификат «Весна»',
        'Tab\tinside',
        '"Quoted from the start"',
        '',
      ]),
    )
  })

  it('uses the chosen delimiter', async () => {
    const records = await csvRecords({ reportCsvDelimiter: ';' }, ';')
    expect(records[0]).toEqual(TRANSACTIONS_HEADER)
    expect(records.map((row) => row[7])).toContain('Semicolon; separated; text')
    expect((await csvRecords({ reportCsvDelimiter: '\t' }, '\t'))[0]).toEqual(TRANSACTIONS_HEADER)
  })

  it('is encoded in reportEncode, e.g. windows-1251', async () => {
    const { result, file } = await report({ reportEncode: 'windows-1251' })
    expect(result.outcome).toBe('report')
    const bytes = readFileSync(file)
    expect(bytes.includes(Buffer.from('Ромашка', 'utf8'))).toBe(false)
    const records = parseQuotedCsv(iconv.decode(bytes, 'windows-1251'))
    expect(records[1]![0]).toBe('Demo Shop «Ромашка», Ltd')
    // windows-1251 has neither é nor a cup of coffee: the encoder puts question marks.
    expect(records.map((row) => row[7])).toContain('Caf? cr?me ? (not in windows-1251)')
  })

  it('applies the currency, endpoint, merchant and other filters', async () => {
    const euro = await csvRecords({ filters: { currencies: ['EUR'] } })
    expect(euro.length).toBeGreaterThan(2)
    expect(new Set(euro.slice(1).map((row) => row[5]))).toEqual(new Set(['EUR']))
    expect(await csvRecords({ filters: { endpoints: [9999] } })).toEqual([TRANSACTIONS_HEADER])
    expect(
      (await csvRecords({ filters: { endpoints: [1001], merchants: ['gatedesk-demo'] } })).length,
    ).toBe((await csvRecords()).length)
    expect(await csvRecords({ filters: { gates: ['42'] } })).toEqual([TRANSACTIONS_HEADER])
  })

  it('covers the dateFrom..dateTo range, both ends included', async () => {
    const all = (await csvRecords()).slice(1)
    const days = [...new Set(all.map((row) => row[3]!.slice(0, 10)))].sort()
    const [from, to] = [days[1]!, days[3]!]
    const ranged = (
      await csvRecords({
        inputReportParameters: [
          { type: 'INPUT_TEXT', name: 'dateFrom', value: dottedDay(from) },
          { type: 'INPUT_TEXT', name: 'dateTo', value: dottedDay(to) },
        ],
      })
    ).slice(1)
    expect(ranged.length).toBe(
      all.filter((row) => row[3]!.slice(0, 10) >= from && row[3]!.slice(0, 10) <= to).length,
    )
    expect(new Set(ranged.map((row) => row[3]!.slice(0, 10)))).toEqual(new Set(days.slice(1, 4)))
  })
})

describe('the transactions report as PDF', () => {
  it('is a PDF of the same table, over many pages for a big report', async () => {
    const { result, file } = await report({
      reportFormat: 'PDF',
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: '2000' }],
    })
    expect(result).toMatchObject({ outcome: 'report', kind: 'pdf' })
    const pdf = readFileSync(file).toString('latin1')
    expect(pdf.startsWith('%PDF-')).toBe(true)
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true)
    // About forty rows fit a landscape A4 page.
    expect(pdf.match(/\/Type \/Page\b/g)!.length).toBeGreaterThanOrEqual(40)
  })
})

describe('a report request the sandbox cannot run', () => {
  const body = (overrides: Partial<ReportRequest>) => JSON.stringify(reportRequest(overrides))

  it.each([
    [
      'an unknown report',
      body({ reportIdentifier: 'sales' }),
      505,
      'reportIdentifier "sales" is unknown: the sandbox runs the "transactions" report',
    ],
    [
      'an unknown encoding',
      body({ reportEncode: 'klingon-8' }),
      506,
      'reportEncode "klingon-8" is not an encoding',
    ],
    [
      'a two-character delimiter',
      body({ reportCsvDelimiter: ';;' }),
      507,
      'reportCsvDelimiter ";;" must be one character',
    ],
    [
      'a quote as delimiter',
      body({ reportCsvDelimiter: '"' }),
      507,
      'must be one character other than a double quote',
    ],
    [
      'an unknown format',
      body({ reportFormat: 'XLSX' }),
      508,
      'reportFormat "XLSX" is unknown: use CSV or PDF',
    ],
    [
      'a date that is not one',
      body({
        inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom', value: '2026-11-01' }],
      }),
      509,
      'dateFrom "2026-11-01" is not a date',
    ],
    [
      'an unknown input parameter',
      body({ inputReportParameters: [{ type: 'INPUT_TEXT', name: 'colour', value: 'red' }] }),
      509,
      'input parameter "colour" is unknown',
    ],
    [
      'a row count too large',
      body({
        inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: '10000001' }],
      }),
      509,
      'rowCount "10000001" must be a whole number from 1 to 10000000',
    ],
    [
      'a PDF of more rows than the sandbox draws',
      body({
        reportFormat: 'PDF',
        inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: '1000001' }],
      }),
      510,
      'a PDF report holds at most 1000000 rows',
    ],
    ['a body that is not JSON', '{"reportIdentifier":', 503, 'the body is not JSON'],
    [
      'a request missing a field',
      JSON.stringify({ ...reportRequest(), reportName: undefined }),
      504,
      'reportName:',
    ],
  ])(
    "answers HTTP 400 with the sandbox's own error for %s",
    async (_name, requestBody, code, message) => {
      const { status, text } = await rawReport(requestBody)
      expect(status).toBe(400)
      expect(text).toContain(`report request rejected [${code}]: `)
      expect(text).toContain(message)
    },
  )

  it('wants application/json', async () => {
    expect((await rawReport(body({}), 'text/plain')).text).toContain('[501]')
  })

  it("is a protocol error with the sandbox's message for the real client", async () => {
    const { result } = await report({ reportIdentifier: 'sales' })
    expect(result.outcome).toBe('protocol-error')
    expect(result.message).toContain('HTTP 400')
    expect(result.message).toContain('reportIdentifier')
  })
})

/** Counts CSV records in a file as a stream: line feeds outside quotes (quotes are doubled inside). */
async function countRecords(file: string): Promise<number> {
  let records = 0
  let quoted = false
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]
      if (byte === 0x22) quoted = !quoted
      else if (byte === 0x0a && !quoted) records++
    }
  }
  return records
}

/** A real garbage collection, so what is measured is what is kept, not garbage not yet collected. */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

describe('a big report', () => {
  it('streams 1,000,000 rows to the client without holding the file in memory', async () => {
    const rowCount = 1_000_000
    const gc = collectGarbage()
    gc()
    const before = process.memoryUsage()
    let kept = 0
    let progressEvents = 0
    const file = join(sandbox.dir, 'million.csv')
    const result = await runReport(
      sandbox.deps,
      sandbox.env,
      sandbox.secrets,
      reportRequest({
        inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: String(rowCount) }],
      }),
      {
        file,
        onProgress: () => {
          if (++progressEvents % 250 !== 0) return
          gc()
          const now = process.memoryUsage()
          kept = Math.max(
            kept,
            now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers,
          )
        },
      },
    )
    expect(result).toMatchObject({ outcome: 'report', kind: 'csv' })
    const bytes = statSync(file).size
    expect(await countRecords(file)).toBe(rowCount + 1)
    // Server and client share this process: while the report flowed, neither kept it whole.
    expect(progressEvents).toBeGreaterThan(1000)
    expect(kept).toBeLessThan(32 * 1024 * 1024)
    expect(bytes).toBeGreaterThan(100 * 1024 * 1024)
    console.log(
      `1,000,000-row report: ${(bytes / 1024 / 1024).toFixed(0)} MiB; most memory kept while it streamed: ${(kept / 1024 / 1024).toFixed(1)} MiB`,
    )
  }, 120_000)
})
