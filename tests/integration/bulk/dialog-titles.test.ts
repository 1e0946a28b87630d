import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { describe, expect, it } from 'vitest'
import type { BulkService } from '../../../main/bulk/bulk-service'
import type { ImportSessions } from '../../../main/bulk/import-sessions'
import type { FileDialogs, FileFilter } from '../../../main/platform/electron/dialogs'
import type { EnvironmentService } from '../../../main/environments/environment-service'
import type { GatewayDeps } from '../../../main/platform/gateway/gateway-client'
import { bulkHandlers } from '../../../main/bulk/bulk-handlers'
import { environmentHandlers } from '../../../main/environments/environment-handlers'
import { reportHandlers } from '../../../main/reports/report-handlers'
import { reportTemplateHandlers } from '../../../main/templates/report-template-handlers'
import {
  registerHandlers,
  type Handlers,
  type IpcMainLike,
} from '../../../main/platform/electron/ipc'
import type { ReportService } from '../../../main/reports/report-service'
import type { ReportTemplateService } from '../../../main/templates/template-service'
import type { ChannelName } from '../../../preload/contract/channels'
import type { IpcResult } from '../../../preload/contract/platform/ipc-result'
import { blankRequest } from '../../../preload/contract/templates/report-template'
import { en } from '../../../preload/contract/locales/en'
import { ru } from '../../../preload/contract/locales/ru'

// Every channel that opens a native file dialog, through the checked IPC wrapper as the window
// calls it, with the dialogs answered "Cancel" by the test and their titles and filters recorded.
const titles: string[] = []
const shownFilters: FileFilter[][] = []
const dialogs: FileDialogs = {
  chooseFileToOpen: async ({ title, filters }) => {
    titles.push(title)
    shownFilters.push(filters)
    return null
  },
  chooseFileToSave: async ({ title, filters }) => {
    titles.push(title)
    shownFilters.push(filters)
    return null
  },
}

const ENVIRONMENT_ID = '0f0e0d0c-0b0a-4090-8070-605040302010'
const environments = {
  get: () => ({ id: ENVIRONMENT_ID, name: 'Live EU' }),
  publicKey: () => ({ publicKeyPem: '-----BEGIN PUBLIC KEY-----' }),
} as unknown as EnvironmentService
const reports = { get: () => ({ path: '/data/transactions.csv' }) } as unknown as ReportService

const listeners = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>()
const ipc: IpcMainLike = {
  handle: (name, listener) => listeners.set(name, listener as never),
}
const handlers = {
  ...reportTemplateHandlers({ templates: {} as ReportTemplateService, dialogs }),
  ...bulkHandlers({ bulk: {} as BulkService, imports: {} as ImportSessions, dialogs }),
  ...reportHandlers({
    reports,
    dialogs,
    reportFiles: { register: () => 'unused', forget: () => undefined },
    dataDir: '/data/gatedesk',
  }),
  ...environmentHandlers({
    environments,
    dialogs,
    gateway: {} as GatewayDeps,
    workDir: '/data/gatedesk/temp/app-session',
    jobs: createJobRunner({ progress: () => undefined, finished: () => undefined }),
    emit: () => undefined,
  }),
}
registerHandlers(ipc, handlers as Handlers, {
  trustedOrigins: ['app://gatedesk'],
  logError: () => undefined,
})

async function invoke(channel: ChannelName, payload: object) {
  const frame = { url: 'app://gatedesk/', parent: null }
  return (await listeners.get(channel)!({ senderFrame: frame }, payload)) as IpcResult<unknown>
}

const CSV_UPDATES = [
  { name: 'CSV files', extensions: ['csv', 'txt', 'tsv'] },
  { name: 'All files', extensions: ['*'] },
]
const CSV_REPORTS = [
  { name: 'CSV reports', extensions: ['csv', 'txt', 'tsv'] },
  { name: 'All files', extensions: ['*'] },
]
const TEMPLATES = [
  { name: 'Report templates (JSON)', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
]
const PEM_KEYS = [{ name: 'PEM key', extensions: ['pem', 'key', 'txt'] }]

/** Each dialog channel with its input, and the English title and filters main falls back on. */
const DIALOG_CALLS: [ChannelName, object, string, FileFilter[]][] = [
  ['templates:import-file', {}, 'Import a report template', TEMPLATES],
  [
    'templates:export-file',
    { name: 'Weekly', request: { ...blankRequest(), reportIdentifier: 'transactions' } },
    'Export the report template',
    TEMPLATES,
  ],
  ['bulk:open-file', {}, 'Open a CSV file of updates', CSV_UPDATES],
  ['bulk:export', { bulkJobId: 'bulk-0123abcd' }, 'Save the results', CSV_UPDATES],
  ['bulk:save-sample', {}, 'Save a sample CSV file of updates', CSV_UPDATES],
  [
    'reports:open-file',
    {},
    'Open a report',
    [
      { name: 'Reports (CSV, PDF)', extensions: ['csv', 'txt', 'tsv', 'pdf'] },
      { name: 'All files', extensions: ['*'] },
    ],
  ],
  [
    'reports:export',
    { reportId: 'report-1', what: 'original', columns: null },
    'Save the report as it came',
    CSV_REPORTS,
  ],
  [
    'reports:export',
    { reportId: 'report-1', what: 'view', columns: [0] },
    'Export this view',
    [
      { name: 'CSV files', extensions: ['csv'] },
      { name: 'All files', extensions: ['*'] },
    ],
  ],
  [
    'reports:export',
    { reportId: 'report-1', what: 'view', columns: [0], format: 'xlsx' },
    'Export this view',
    [
      { name: 'Excel workbooks (XLSX)', extensions: ['xlsx'] },
      { name: 'All files', extensions: ['*'] },
    ],
  ],
  ['environments:choose-key-file', { id: ENVIRONMENT_ID }, 'Private key for Live EU', PEM_KEYS],
  [
    'environments:save-public-key',
    { id: ENVIRONMENT_ID },
    'Save the public key for the support manager',
    PEM_KEYS,
  ],
  [
    'environments:backup-private-key',
    { id: ENVIRONMENT_ID, passphrase: 'correct horse battery' },
    'Back up the private key (passphrase-protected)',
    PEM_KEYS,
  ],
]

/** The filter names in Russian, by English name, as the locale files word them. */
const russianName = (english: string): string => {
  const [id] = Object.entries(en.common.dialogFilters).find(([, name]) => name === english)!
  return ru.common.dialogFilters[id as keyof typeof ru.common.dialogFilters]
}

describe("native file dialogs' titles and filter names", () => {
  it.each(DIALOG_CALLS)('%s shows the title the window gives it', async (channel, input) => {
    titles.length = 0
    const result = await invoke(channel, { ...input, dialogTitle: 'Сохранить — «Отчёт»' })
    expect(result.ok, JSON.stringify(result)).toBe(true)
    expect(titles).toEqual(['Сохранить — «Отчёт»'])
  })

  it.each(DIALOG_CALLS)(
    "%s falls back on main's English title and filter names without them",
    async (channel, input, english, filters) => {
      titles.length = shownFilters.length = 0
      expect((await invoke(channel, input)).ok).toBe(true)
      expect(titles).toEqual([english])
      expect(shownFilters).toEqual([filters])
    },
  )

  it.each(DIALOG_CALLS)(
    '%s names its filters as the window gives them, keeping its own extensions',
    async (channel, input, _, filters) => {
      shownFilters.length = 0
      const result = await invoke(channel, { ...input, dialogFilters: ru.common.dialogFilters })
      expect(result.ok, JSON.stringify(result)).toBe(true)
      const russian = filters.map(({ name, extensions }) => ({
        name: russianName(name),
        extensions,
      }))
      expect(shownFilters).toEqual([russian])
    },
  )

  it('falls back on English for a filter the window leaves unnamed', async () => {
    shownFilters.length = 0
    const result = await invoke('reports:open-file', { dialogFilters: { allFiles: 'Все файлы' } })
    expect(result.ok).toBe(true)
    expect(shownFilters[0]!.map(({ name }) => name)).toEqual(['Reports (CSV, PDF)', 'Все файлы'])
  })

  it('names the filters in English as main does when the window is in English', async () => {
    for (const [channel, input, , filters] of DIALOG_CALLS) {
      shownFilters.length = 0
      await invoke(channel, { ...input, dialogFilters: en.common.dialogFilters })
      expect(shownFilters).toEqual([filters])
    }
  })

  it.each([
    ['a second line', 'Open\nC:\\secret.csv'],
    ['a direction override', 'Open \u202Evsc.exe'],
    ['nothing', ''],
    ['more than 200 characters', 'x'.repeat(201)],
  ])('refuses a title with %s before any dialog opens', async (_, dialogTitle) => {
    titles.length = 0
    const result = await invoke('reports:open-file', { dialogTitle })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(titles).toEqual([])
  })

  it.each([
    ['a second line', { reports: 'Reports\nC:\\secret.csv' }],
    ['a direction override', { allFiles: 'All \u202Eexe.csv' }],
    ['nothing', { reports: '' }],
    ['more than 200 characters', { reports: 'x'.repeat(201) }],
    ['a filter main does not offer', { executables: 'Programs' }],
    ['extensions instead of a name', { reports: { name: 'Reports', extensions: ['exe'] } }],
  ])('refuses filter names with %s before any dialog opens', async (_, dialogFilters) => {
    titles.length = 0
    const result = await invoke('reports:open-file', { dialogFilters })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(titles).toEqual([])
  })
})
