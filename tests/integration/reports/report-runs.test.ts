import { localRecords } from '../../../main/history/audit-trail'
import { createHmac } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportHandlers } from '../../../main/reports/report-handlers'
import { reportRunHandlers } from '../../../main/reports/report-run-handlers'
import type { FileDialogs } from '../../../main/platform/electron/dialogs'
import { httpsPostToFile } from '../../../main/platform/gateway/https-transport'
import { percentEncode } from '../../../main/platform/gateway/percent-encoding'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { createReportCache } from '../../../main/reports/report-cache'
import { createReportFiles } from '../../../main/reports/report-files'
import {
  createReportRunService,
  type ReportRunServiceDeps,
} from '../../../main/reports/report-run-service'
import { connectSandboxEnvironment } from '../../../main/environments/sandbox-environment'
import { createHistoryRepository } from '../../../main/history/history-repository'
import type { JobFinished, JobProgress } from '../../../preload/contract/platform/jobs'
import {
  REQUEST_JSON_PARAMETER,
  reportRequestPreviewSchema,
  reportRunOutcomeSchema,
  type ReportRunOutcome,
} from '../../../preload/contract/reports/report-run-channels'
import type { ReportRequest } from '../../../preload/contract/reports/report-request'
import { eventually } from '../../fixtures/eventually'
import { openTestStore } from '../../fixtures/gatedesk-store'
import { TRANSACTIONS_HEADER } from '../../fixtures/query-transactions'
import { overwritten } from '../../fixtures/pdf-files'
import { engineUnderTest } from '../../fixtures/report-engine'
import { reportRequest, startTestSandbox, type TestSandbox } from '../../fixtures/sandbox'

// Report runs end to end: the real store and keychain, the built-in Sandbox environment
// connected as the app does, real HTTPS to the sandbox gateway, and the real report engine.
const store = openTestStore()
const history = createHistoryRepository(store.db)
const engine = engineUnderTest()
const reportFiles = createReportFiles()
const cacheRoot = mkdtempSync(join(tmpdir(), 'gatedesk-report-cache-'))
const cache = createReportCache(cacheRoot)
const progress: JobProgress[] = []
const finished: JobFinished[] = []
const jobs = createJobRunner({
  progress: (event) => progress.push(event),
  finished: (event) => finished.push(event),
})
const markedTemplates: string[] = []
/** Save dialogs answer with `nextSave`, and note the name they offered. */
let nextSave: string | null = null
const offeredNames: string[] = []
const dialogs: FileDialogs = {
  chooseFileToOpen: async () => null,
  chooseFileToSave: async ({ defaultName }) => {
    offeredNames.push(defaultName)
    return nextSave
  },
}
let sandbox: TestSandbox
let environmentId: string
let handlers: ReturnType<typeof reportRunHandlers>

function runHandlers(overrides: Partial<ReportRunServiceDeps> = {}) {
  const runs = createReportRunService({
    environments: store.environments,
    openRecords: localRecords(history),
    gateway: sandbox.deps,
    jobs,
    reports: engine.reports,
    reportFiles,
    cache,
    markTemplateRun: (templateId) => markedTemplates.push(templateId),
    ...overrides,
  })
  return reportRunHandlers({ runs, dialogs })
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ faults: true })
  await connectSandboxEnvironment(store.environments, sandbox.sandbox)
  environmentId = (await store.environments.list())[0]!.id
  handlers = runHandlers()
})
afterAll(async () => {
  await engine.close()
  await sandbox.stop()
  sandbox.remove()
  store.close()
})

const TEMPLATE = { id: '0f0e6a56-6a1c-4d7e-9c55-3b7f2f0e1a11', name: 'Monthly EUR' }

async function run(
  request: ReportRequest,
  template: { id: string; name: string } | null = null,
  on = handlers,
): Promise<{ jobId: string; outcome: ReportRunOutcome }> {
  const { jobId } = await on['report-runs:start']({ environmentId, request, template })
  // What the window receives must fit the contract, as main's IPC wrapper checks.
  const outcome = reportRunOutcomeSchema.parse(await on['report-runs:outcome']({ jobId }))
  return { jobId, outcome }
}

const finishedJob = (jobId: string) =>
  eventually(() => finished.find((event) => event.jobId === jobId), `job ${jobId} to finish`)

const cachedFiles = () =>
  readdirSync(cacheRoot, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))

describe('running a CSV report', () => {
  it('downloads it into the report cache with byte progress, opens it in the engine and marks the template', async () => {
    const request = reportRequest({
      reportName: 'Monthly EUR',
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: '5000' }],
    })
    const { jobId, outcome } = await run(request, TEMPLATE)

    expect(outcome).toMatchObject({ outcome: 'report', result: { kind: 'csv' } })
    if (outcome.outcome !== 'report' || outcome.result.kind !== 'csv') throw new Error('no CSV')
    const { head } = outcome.result
    expect(head.fileName).toBe('Monthly EUR.csv')
    expect(head.columns).toEqual(TRANSACTIONS_HEADER)
    expect(head.rows.length).toBe(100)
    expect(outcome.message).toMatch(/^Received a CSV report of [\d.]+ (KB|MB) in [\d.]+ m?s\.$/)
    expect(outcome.durationMs).toBeGreaterThan(0)

    const [file] = cachedFiles().filter((path) => path.endsWith('Monthly EUR.csv'))
    expect(file).toBeDefined()
    expect(outcome.bytes).toBe(readFileSync(file!).length)
    // The engine reads the whole downloaded file: 5000 rows, none of them a problem.
    const session = engine.reports.get(head.reportId)
    await session.indexed
    expect(session.state()).toMatchObject({ fileRowCount: 5000, problemCount: 0 })

    const downloads = progress.filter((event) => event.jobId === jobId)
    expect(downloads.length).toBeGreaterThan(0)
    expect(downloads.every((event) => event.kind === 'report-download')).toBe(true)
    expect(downloads.at(-1)).toMatchObject({ unit: 'bytes', done: outcome.bytes })
    expect(await finishedJob(jobId)).toMatchObject({ outcome: 'done', message: null })
    expect(markedTemplates).toEqual([TEMPLATE.id])
  })

  it('lands in History with the template, the request, its size and duration', async () => {
    const request = reportRequest({
      reportName: 'History check',
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom', value: '01.11.2026' }],
      filters: { currencies: ['EUR', 'USD'] },
    })
    const { outcome } = await run(request, TEMPLATE)
    const entry = history.get(outcome.historyId!)!
    expect(entry).toMatchObject({
      operation: 'custom-report',
      outcome: 'report',
      environmentName: 'Sandbox',
      message: outcome.message,
    })
    const parameters = Object.fromEntries(entry.parameters)
    expect(parameters).toMatchObject({
      template: 'Monthly EUR',
      reportIdentifier: 'transactions',
      reportName: 'History check',
      reportFormat: 'CSV',
      'input dateFrom': '01.11.2026',
      'filters.currencies': 'EUR, USD',
    })
    // "Run again" gets the very request back.
    expect(JSON.parse(parameters[REQUEST_JSON_PARAMETER]!)).toEqual(request)
  })
})

describe('running a PDF report', () => {
  it('registers the PDF with the report files and gives its id', async () => {
    const { jobId, outcome } = await run(reportRequest({ reportFormat: 'PDF', reportName: '' }))
    expect(outcome).toMatchObject({
      outcome: 'report',
      result: { kind: 'pdf', fileName: 'transactions.pdf' },
    })
    if (outcome.outcome !== 'report' || outcome.result.kind !== 'pdf') throw new Error('no PDF')
    const served = reportFiles.resolve(outcome.result.fileId)
    expect(served).toMatchObject({ contentType: 'application/pdf' })
    expect(readFileSync(served!.path).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(outcome.bytes).toBe(readFileSync(served!.path).length)
    expect(await finishedJob(jobId)).toMatchObject({ outcome: 'done' })
    expect(history.get(outcome.historyId!)).toMatchObject({ outcome: 'report' })
  })
})

describe('runs that bring no report', () => {
  it('says the merchant is not authorised when the control key is wrong, and keeps nothing', async () => {
    await store.environments.setControlKey(environmentId, 'not-the-control-key')
    try {
      const before = cachedFiles()
      const marked = markedTemplates.length
      const { jobId, outcome } = await run(reportRequest(), TEMPLATE)
      expect(outcome.outcome).toBe('not-authorised')
      expect(outcome.message).toContain('not authorised')
      expect(outcome.message).toContain('control key')
      expect(cachedFiles()).toEqual(before)
      expect(await finishedJob(jobId)).toMatchObject({
        outcome: 'failed',
        message: outcome.message,
      })
      expect(history.get(outcome.historyId!)).toMatchObject({ outcome: 'not-authorised' })
      // A run without a report does not count as the template's run.
      expect(markedTemplates.length).toBe(marked)
    } finally {
      await store.environments.setControlKey(environmentId, sandbox.controlKey)
    }
  })

  it("gives the gateway's incident ID of a server failure", async () => {
    sandbox.sandbox.service.injectFault('internal-error')
    const { outcome } = await run(reportRequest())
    expect(outcome.outcome).toBe('internal-failure')
    if (outcome.outcome !== 'internal-failure') throw new Error('not an internal failure')
    expect(outcome.incidentId).toMatch(/^[0-9a-f-]{36}$/)
    expect(outcome.message).toContain(outcome.incidentId)
    const entry = history.get(outcome.historyId!)!
    expect(entry.outcome).toBe('internal-failure')
    expect(entry.message).toContain(outcome.incidentId)
  })

  it('says when the answer is not a report (an HTML page)', async () => {
    sandbox.sandbox.service.injectFault('not-form')
    const { outcome } = await run(reportRequest())
    expect(outcome.outcome).toBe('protocol-error')
    expect(outcome.message).toContain('text/html')
    expect(history.get(outcome.historyId!)).toMatchObject({ outcome: 'protocol-error' })
  })

  it('says when a PDF is not whole: it starts like one and is not', async () => {
    sandbox.sandbox.service.injectFault('corrupt-pdf')
    const { outcome } = await run(reportRequest({ reportFormat: 'PDF' }))
    expect(outcome.outcome).toBe('protocol-error')
    expect(outcome.message).toContain('does not end with %%EOF')
    expect(outcome.bytes).toBeGreaterThan(2000)
  })

  it('says when the connection broke off, with what had arrived', async () => {
    sandbox.sandbox.service.injectFault('reset')
    const { outcome } = await run(reportRequest())
    expect(outcome.outcome).toBe('transport-error')
    expect(history.get(outcome.historyId!)!.message).toMatch(/received in/)
  })

  it('stops a download that grows past the size limit and deletes it', async () => {
    const small = runHandlers({ limits: { maxBytes: 1024 * 1024 } })
    const before = cachedFiles()
    const request = reportRequest({
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: '100000' }],
    })
    const { outcome } = await run(request, null, small)
    expect(outcome.outcome).toBe('too-large')
    expect(outcome.message).toContain('larger than the 1 MiB limit')
    expect(outcome.bytes).toBeGreaterThan(900_000)
    expect(outcome.bytes).toBeLessThanOrEqual(1024 * 1024)
    expect(cachedFiles()).toEqual(before)
    expect(history.get(outcome.historyId!)).toMatchObject({ outcome: 'transport-error' })
  })
})

describe('a damaged PDF from the gateway', () => {
  it('is refused, and its bytes are saved only where and when the user asks', async () => {
    let damaged: Buffer = Buffer.alloc(0)
    const damaging = runHandlers({
      gateway: {
        ...sandbox.deps,
        // The sandbox's real PDF, damaged on arrival as a broken network or gateway would.
        httpsPostToFile: async (request) => {
          const saved = await sandbox.deps.httpsPostToFile(request)
          damaged = overwritten(readFileSync(saved.file), 2000, 8000)
          writeFileSync(saved.file, damaged)
          return saved
        },
      },
    })
    const request = reportRequest({
      reportFormat: 'PDF',
      reportName: 'November',
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: '300' }],
    })
    const { outcome } = await run(request, null, damaging)
    expect(outcome).toMatchObject({
      outcome: 'protocol-error',
      messageCode: 'report.pdf-damaged.misplaced-object',
      damagedFileId: expect.any(String),
    })
    const fileId = (outcome as { damagedFileId: string }).damagedFileId

    // Cancelling the save dialog writes nothing; choosing a file writes the bytes as they came.
    const target = join(sandbox.dir, 'kept-damaged.pdf')
    nextSave = null
    expect(await damaging['report-runs:save-damaged']({ fileId })).toEqual({ file: null })
    expect(existsSync(target)).toBe(false)
    nextSave = target
    expect(await damaging['report-runs:save-damaged']({ fileId })).toEqual({
      file: 'kept-damaged.pdf',
    })
    expect(offeredNames.at(-1)).toBe('November.damaged.pdf')
    expect(readFileSync(target).equals(damaged)).toBe(true)
    await expect(
      damaging['report-runs:save-damaged']({ fileId: '0123abcd-0000-4000-8000-000000000000' }),
    ).rejects.toThrow('no longer keeps this damaged PDF')
  })
})

describe('cancelling a run', () => {
  it('stops a big download mid-way, deletes it and says so', async () => {
    const before = cachedFiles()
    const request = reportRequest({
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'rowCount', value: '5000000' }],
    })
    const { jobId } = await handlers['report-runs:start']({
      environmentId,
      request,
      template: null,
    })
    const outcome = handlers['report-runs:outcome']({ jobId })
    await eventually(
      () => progress.find((event) => event.jobId === jobId && event.done > 1_000_000),
      'the first megabyte',
    )
    expect(jobs.cancel(jobId)).toBe(true)
    const cancelled = await outcome
    expect(cancelled.outcome).toBe('cancelled')
    expect(cancelled.message).toBe('You cancelled the run; what had arrived was deleted.')
    // Far less than the whole report (about 680 MB) had arrived.
    expect(cancelled.bytes).toBeGreaterThan(1_000_000)
    expect(cancelled.bytes).toBeLessThan(200_000_000)
    expect(await finishedJob(jobId)).toMatchObject({ outcome: 'cancelled' })
    expect(cachedFiles()).toEqual(before)
    expect(history.get(cancelled.historyId!)).toMatchObject({
      outcome: 'transport-error',
      message: expect.stringContaining('You cancelled the run'),
    })
  })

  it('refuses an environment that does not exist, recording nothing', async () => {
    const total = history.search().total
    await expect(
      handlers['report-runs:start']({
        environmentId: '00000000-0000-4000-8000-000000000000',
        request: reportRequest(),
        template: null,
      }),
    ).rejects.toThrow()
    expect(history.search().total).toBe(total)
  })

  it('does not know the outcome of a job it never ran', async () => {
    await expect(handlers['report-runs:outcome']({ jobId: 'job-nothing' })).rejects.toThrow(
      /run the report again/,
    )
  })
})

describe('the request preview', () => {
  it('shows the URL, base string and signed header, and the gateway accepts that very request', async () => {
    const request = reportRequest({ reportName: 'Preview' })
    const preview = reportRequestPreviewSchema.parse(
      await handlers['report-runs:preview']({ environmentId, request }),
    )
    expect(preview.method).toBe('HMAC-SHA1')
    expect(preview.url).toBe(`${sandbox.env.baseUrl}/gw-ui/services/v2/rpt-engine`)
    expect(preview.baseString).toMatch(
      /^POST&https%3A%2F%2F127\.0\.0\.1%3A\d+%2Fgw-ui%2Fservices%2Fv2%2Frpt-engine&oauth_consumer_key%3D/,
    )
    expect(JSON.parse(preview.body)).toEqual(request)
    // The header's signature is the HMAC-SHA1 of the base string under the control key…
    const signature = createHmac('sha1', `${percentEncode(sandbox.controlKey)}&`)
      .update(preview.baseString)
      .digest('base64')
    expect(preview.authorization).toContain(`oauth_signature="${percentEncode(signature)}"`)
    // …which never appears itself.
    expect(JSON.stringify(preview)).not.toContain(sandbox.controlKey)

    const dir = mkdtempSync(join(tmpdir(), 'gatedesk-preview-'))
    const saved = await httpsPostToFile({
      url: preview.url,
      headers: { 'Content-Type': 'application/json', Authorization: preview.authorization },
      body: preview.body,
      extraCaPem: sandbox.env.extraCaPem!,
      file: join(dir, 'report.csv'),
    })
    expect(saved.status).toBe(200)
    expect(saved.head.toString('utf8')).toMatch(/^"Merchant_Name","Transaction_id"/)
  })
})

describe('opening a report file', () => {
  const dialogs = { nextOpen: null as string | null }
  const files = reportHandlers({
    reports: engine.reports,
    dialogs: {
      chooseFileToOpen: async () => dialogs.nextOpen,
      chooseFileToSave: async () => null,
    },
    reportFiles,
    dataDir: join(engine.dir, 'data'),
  })

  it('opens a PDF as a PDF, by its signature, and a CSV in the engine', async () => {
    const pdf = engine.write('statement.bin', '%PDF-1.7\n%%EOF\n')
    dialogs.nextOpen = pdf
    const opened = await files['reports:open-file']({})
    expect(opened).toMatchObject({ kind: 'pdf', fileName: 'statement.bin' })
    if (opened.kind !== 'pdf') throw new Error('not a PDF')
    expect(reportFiles.resolve(opened.fileId)).toEqual({
      path: pdf,
      contentType: 'application/pdf',
    })

    dialogs.nextOpen = engine.write('small.csv', '"a","b"\r\n"1","2"\r\n')
    const csv = await files['reports:open-file']({})
    expect(csv).toMatchObject({ kind: 'csv', head: { columns: ['a', 'b'], rows: [['1', '2']] } })

    dialogs.nextOpen = null
    expect(await files['reports:open-file']({})).toEqual({ kind: 'cancelled' })
  })

  it('opens a dropped PDF or CSV as the dialog’s choice, and refuses anything else with why', async () => {
    const pdf = engine.write('dropped.pdf', '%PDF-1.7\n%%EOF\n')
    const opened = await files['reports:open-dropped']({ path: pdf })
    expect(opened).toMatchObject({ kind: 'pdf', fileName: 'dropped.pdf' })
    if (opened.kind !== 'pdf') throw new Error('not a PDF')
    expect(reportFiles.resolve(opened.fileId)?.path).toBe(pdf)
    const csv = engine.write('dropped.csv', '"a","b"\r\n"1","2"\r\n')
    expect(await files['reports:open-dropped']({ path: csv })).toMatchObject({
      kind: 'csv',
      head: { columns: ['a', 'b'], rows: [['1', '2']] },
    })
    await expect(
      files['reports:open-dropped']({ path: engine.write('photo.png', '\u0089PNG') }),
    ).rejects.toThrow('"photo.png" is not a report GateDesk opens')
  })
})

describe('the report cache', () => {
  it('is emptied of earlier sessions’ downloads when the app starts', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gatedesk-cache-'))
    const earlier = createReportCache(root)
    const folder = await earlier.runFolder()
    writeFileSync(join(folder, 'old.csv'), '"a"\r\n')
    await createReportCache(root).clearEarlierRuns()
    expect(existsSync(folder)).toBe(false)
    expect(existsSync(root)).toBe(true)
  })
})
