import { rmSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  registerHandlers,
  type Handlers,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../main/platform/electron/ipc'
import { openDatabase } from '../../../main/platform/db/database'
import type { FileDialogs } from '../../../main/platform/electron/dialogs'
import { chosenReportKind } from '../../../main/reports/report-file-kind'
import { createReportFiles } from '../../../main/reports/report-files'
import { openReportAs, reportHandlers } from '../../../main/reports/report-handlers'
import {
  noteOpenedReports,
  recentReportHandlers,
} from '../../../main/reports/recent-report-handlers'
import { createRecentReports } from '../../../main/reports/recent-reports'
import { createRecentReportsRepository } from '../../../main/reports/recent-reports-repository'
import type { ChannelName, ChannelOutput } from '../../../preload/contract/channels'
import type { IpcResult } from '../../../preload/contract/platform/ipc-result'
import type { SavedViewContent } from '../../../preload/contract/reports/saved-views'
import { engineUnderTest, transactionsCsv } from '../../fixtures/report-engine'

// The recent-reports:* channels as the window calls them, through the checked IPC wrapper, with
// the real report engine: what the open channels open is noted; the list reopens it with its view.
const engine = engineUnderTest()
const db = openDatabase(join(engine.dir, 'db', 'gatedesk.sqlite'))
afterAll(async () => {
  db.close()
  await engine.close()
})

let nextOpen: string | null = null
const dialogs: FileDialogs = {
  chooseFileToOpen: async () => nextOpen,
  chooseFileToSave: async () => null,
}
const reportFiles = createReportFiles()
const changed: number[] = []
const recent = createRecentReports({
  repository: createRecentReportsRepository({ db, logError: () => undefined }),
  open: async (path) =>
    openReportAs({ reports: engine.reports, reportFiles }, path, await chosenReportKind(path)),
  exists: (path) =>
    stat(path).then(
      () => true,
      () => false,
    ),
  changed: () => changed.push(Date.now()),
})
const TEMPLATE = { id: '7c1b6f0e-3d5a-4f8e-9b1a-2e4d6c8f0a13', name: 'Daily declines' }
// A run brings a report the engine opens; the real run service needs a gateway, not tested here.
let runReport = ''
const runs = {
  'report-runs:start': async () => ({ jobId: 'job-1' }),
  'report-runs:outcome': async () => ({
    outcome: 'report' as const,
    message: 'Done',
    bytes: 1,
    durationMs: 1,
    historyId: null,
    result: await openReportAs({ reports: engine.reports, reportFiles }, runReport, 'csv'),
  }),
}
const handlers = noteOpenedReports(
  {
    ...reportHandlers({ reports: engine.reports, dialogs, reportFiles, dataDir: engine.dir }),
    ...recentReportHandlers({ recent }),
    ...runs,
  } as unknown as Handlers,
  { recent, reports: engine.reports, reportFiles, logError: () => undefined },
)
const listeners = new Map<string, (event: InvokeEventLike, payload: unknown) => unknown>()
const ipc: IpcMainLike = { handle: (name, listener) => listeners.set(name, listener) }
registerHandlers(ipc, handlers, { trustedOrigins: ['app://gatedesk'], logError: () => undefined })

async function invoke<C extends ChannelName>(channel: C, payload?: unknown) {
  const result = (await listeners.get(channel)!(
    { senderFrame: { url: 'app://gatedesk/', parent: null } },
    payload,
  )) as IpcResult<ChannelOutput<C>>
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}
const rows = [['Shop', '1001', '10.50', 'EUR', 'sale']]
const listed = async () =>
  (await invoke('recent-reports:list')).entries.map((entry) => [entry.name, entry.missing])

describe('the recent-reports channels', () => {
  it('list the files the window opened, newest first, and a template’s run by its name', async () => {
    const first = engine.write('first.csv', transactionsCsv(rows))
    nextOpen = first
    await invoke('reports:open-file', {})
    nextOpen = engine.write('second.csv', transactionsCsv(rows))
    await invoke('reports:open-file', {})
    nextOpen = null
    expect(await invoke('reports:open-file', {})).toEqual({ kind: 'cancelled' })
    runReport = engine.write('declines.csv', transactionsCsv(rows))
    // Straight to the handlers: a real run's input names an environment this test has not.
    const { jobId } = await handlers['report-runs:start']({ template: TEMPLATE } as never)
    await handlers['report-runs:outcome']({ jobId })
    expect(await listed()).toEqual([
      ['Daily declines', false],
      ['second.csv', false],
      ['first.csv', false],
    ])
    // The window never gets a path.
    expect(JSON.stringify(await invoke('recent-reports:list'))).not.toContain(engine.dir)
  })

  it('reopen a report with the view it was last seen with, and its template for a run', async () => {
    const [run, second] = (await invoke('recent-reports:list')).entries
    const reopened = await invoke('recent-reports:open', { id: second!.id })
    if (reopened.status !== 'opened' || reopened.result.kind !== 'csv')
      throw new Error('not opened')
    expect(reopened).toMatchObject({ view: null, templateId: null })
    const view: SavedViewContent = {
      header: reopened.result.head.columns,
      columns: { order: [3, 0, 1, 2, 4], widths: [90, 90, 90, 90, 90], pinned: [3], hidden: [] },
      query: { sort: [{ column: 2, descending: true }], filters: [], search: 'Shop' },
    }
    expect(
      await invoke('recent-reports:remember-view', {
        reportId: reopened.result.head.reportId,
        view,
      }),
    ).toEqual({ remembered: true })
    expect(await invoke('recent-reports:open', { id: second!.id })).toMatchObject({
      status: 'opened',
      view,
    })
    expect(await invoke('recent-reports:open', { id: run!.id })).toMatchObject({
      status: 'opened',
      templateId: TEMPLATE.id,
    })
  })

  it('say a file moved away is missing, and remove or clear the list on request', async () => {
    rmSync(join(engine.dir, 'first.csv'))
    expect(await listed()).toContainEqual(['first.csv', true])
    const first = (await invoke('recent-reports:list')).entries.find((e) => e.name === 'first.csv')!
    const answer = await invoke('recent-reports:open', { id: first.id })
    expect(answer).toMatchObject({ status: 'missing', messageCode: 'recent-report.file-missing' })
    expect(answer.status === 'missing' && answer.message).toContain('"first.csv" is no longer')
    expect(await invoke('recent-reports:remove', { id: first.id })).toEqual({ removed: true })
    expect((await listed()).map(([name]) => name)).not.toContain('first.csv')
    await expect(invoke('recent-reports:remove', { id: 'not an id' })).rejects.toThrow(
      /does not match the contract/,
    )
    expect(await invoke('recent-reports:clear')).toEqual({ cleared: 2 })
    expect(await listed()).toEqual([])
    expect(changed.length).toBeGreaterThan(5)
  })
})
