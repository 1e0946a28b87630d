import { localSavedViewStore } from '../../../main/templates/saved-view-store'
import { createSavedViewsRepository } from '../../../main/templates/saved-views-repository'
import { localTemplateStore } from '../../../main/templates/template-store'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { FileDialogs } from '../../../main/platform/electron/dialogs'
import { reportTemplateHandlers } from '../../../main/templates/report-template-handlers'
import {
  registerHandlers,
  type Handlers,
  type InvokeEventLike,
  type IpcMainLike,
} from '../../../main/platform/electron/ipc'
import { createReportTemplateService } from '../../../main/templates/template-service'
import { openDatabase } from '../../../main/platform/db/database'
import { createReportTemplatesRepository } from '../../../main/templates/report-templates-repository'
import type { ChannelName, ChannelOutput } from '../../../preload/contract/channels'
import type { IpcResult } from '../../../preload/contract/platform/ipc-result'
import { blankRequest } from '../../../preload/contract/templates/report-template'

// The templates:* channels as the window calls them: through the checked IPC wrapper, on a real
// database, with the file dialogs answered by the test.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-template-channels-'))
const db = openDatabase(join(dir, 'gatedesk.sqlite'))
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const asked: string[] = []
const dialogs: FileDialogs & { nextOpen: string | null; nextSave: string | null } = {
  nextOpen: null,
  nextSave: null,
  chooseFileToOpen: async ({ title }) => {
    asked.push(title)
    return dialogs.nextOpen
  },
  chooseFileToSave: async ({ title, defaultName }) => {
    asked.push(`${title}: ${defaultName}`)
    return dialogs.nextSave
  },
}

const localStores = {
  templates: localTemplateStore(createReportTemplatesRepository(db)),
  views: localSavedViewStore(createSavedViewsRepository({ db, logError: () => undefined })),
}
const templates = createReportTemplateService({ stores: async () => localStores })
const listeners = new Map<string, (event: InvokeEventLike, payload: unknown) => unknown>()
const ipc: IpcMainLike = { handle: (name, listener) => listeners.set(name, listener) }
registerHandlers(ipc, reportTemplateHandlers({ templates, dialogs }) as Handlers, {
  trustedOrigins: ['app://gatedesk'],
  logError: (message, error) => console.error(message, error),
})

async function invoke<C extends ChannelName>(channel: C, payload?: unknown) {
  const listener = listeners.get(channel)
  if (!listener) throw new Error(`${channel} is not registered`)
  const result = (await listener(
    { senderFrame: { url: 'app://gatedesk/', parent: null } },
    payload,
  )) as IpcResult<ChannelOutput<C>>
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}

const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

const EXAMPLE = 'Transactions — last 30 days'
const valid = { ...blankRequest(), reportIdentifier: 'transactions', reportName: 'Weekly EUR' }

async function importFile(path: string | null) {
  dialogs.nextOpen = path
  return invoke('templates:import-file', {})
}

describe('the templates:* channels', () => {
  it('list the example template, with nothing run yet', async () => {
    const { templates: list, recent } = await invoke('templates:list')
    expect(list.map((t) => t.name)).toEqual([EXAMPLE])
    expect(recent).toEqual([])
    const example = await invoke('templates:get', { id: list[0]!.id })
    expect(JSON.parse(example.requestJson)).toMatchObject({ reportIdentifier: 'transactions' })
  })

  it('save a new template, then refuse another of the same name at the name field', async () => {
    const saved = await invoke('templates:save', { id: null, name: 'Weekly EUR', request: valid })
    expect(saved).toMatchObject({ status: 'saved', template: { name: 'Weekly EUR' } })
    const again = await invoke('templates:save', { id: null, name: 'weekly eur', request: valid })
    expect(again).toEqual({
      status: 'refused',
      issues: [
        {
          path: 'name',
          message: 'A template named “weekly eur” already exists: choose another name.',
          messageCode: 'report.template.name-taken',
          params: { name: 'weekly eur' },
        },
      ],
    })
  })

  it('refuse a request outside the schema before it reaches the store, naming the field', async () => {
    const listener = listeners.get('templates:save')!
    const result = await listener(
      { senderFrame: { url: 'app://gatedesk/', parent: null } },
      { id: null, name: 'Bad', request: { ...valid, reportCsvDelimiter: 5 } },
    )
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', issues: [{ path: 'request.reportCsvDelimiter' }] },
    })
  })

  it('duplicate as "… (copy)", rename, delete and undo the delete', async () => {
    const { templates: list } = await invoke('templates:list')
    const weekly = list.find((t) => t.name === 'Weekly EUR')!
    const copy = await invoke('templates:duplicate', { id: weekly.id })
    expect(copy.name).toBe('Weekly EUR (copy)')
    expect(JSON.parse(copy.requestJson)).toEqual(valid)
    expect((await invoke('templates:duplicate', { id: weekly.id })).name).toBe(
      'Weekly EUR (copy 2)',
    )

    const renamed = await invoke('templates:rename', { id: copy.id, name: 'Weekly USD' })
    expect(renamed).toMatchObject({
      status: 'saved',
      template: { id: copy.id, name: 'Weekly USD' },
    })
    expect(await invoke('templates:rename', { id: copy.id, name: EXAMPLE })).toMatchObject({
      status: 'refused',
      issues: [{ path: 'name' }],
    })

    expect(await invoke('templates:delete', { id: copy.id })).toEqual({ deleted: true })
    const names = async () => (await invoke('templates:list')).templates.map((t) => t.name)
    expect(await names()).not.toContain('Weekly USD')
    const restored = await invoke('templates:restore', { id: copy.id })
    expect(restored).toMatchObject({ id: copy.id, name: 'Weekly USD' })
    expect(await names()).toContain('Weekly USD')
  })

  it('mark a run and answer "Recently run"', async () => {
    const { templates: list } = await invoke('templates:list')
    const example = list.find((t) => t.name === EXAMPLE)!
    const marked = await invoke('templates:mark-run', { id: example.id })
    expect(marked.marked).toBe(true)
    expect(marked.recent.map((t) => t.name)).toEqual([EXAMPLE])
    expect((await invoke('templates:list')).recent.map((t) => t.name)).toEqual([EXAMPLE])
  })

  it('import a valid file as an unsaved draft named after its reportName', async () => {
    const before = (await invoke('templates:list')).templates.length
    const imported = await importFile(
      file('weekly.json', JSON.stringify({ ...valid, reportName: 'Monthly' })),
    )
    expect(imported).toEqual({
      status: 'opened',
      fileName: 'weekly.json',
      name: 'Monthly',
      text: `${JSON.stringify({ ...valid, reportName: 'Monthly' }, null, 2)}\n`,
      issues: [],
      views: [],
      viewsSkipped: 0,
    })
    expect((await invoke('templates:list')).templates).toHaveLength(before)
    expect(asked.at(-1)).toBe('Import a report template')
  })

  it('import a file the schema refuses with each problem at its field', async () => {
    const bad = {
      ...valid,
      reportIdentifier: '',
      reportFormat: 3,
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom' }],
      filters: { gates: 'all' },
    }
    const imported = await importFile(file('Weekly EUR.json', JSON.stringify(bad)))
    expect(imported).toMatchObject({ status: 'opened', name: 'Weekly EUR 2' })
    // Each issue keeps its code through the channel, for the window to word it.
    expect(imported.status === 'opened' && imported.issues).toMatchObject([
      {
        path: 'reportIdentifier',
        message: 'Required: the identifier of the report to run, as support gave it',
      },
      {
        path: 'reportFormat',
        message: 'Must be text, not a number',
        messageCode: 'report.request.wrong-kind',
        params: { wanted: 'string', found: 'number' },
      },
      {
        path: 'inputReportParameters.0.value',
        message: 'Missing: write text here',
      },
      { path: 'filters.gates', message: 'Must be a list [ … ], not text' },
    ])
  })

  it('import a file that is not JSON as it is, saying where it breaks', async () => {
    const text = '{\n  "reportIdentifier": "transactions",\n  "reportName" "x"\n}\n'
    const imported = await importFile(file('broken.json', text))
    expect(imported).toEqual({
      status: 'opened',
      fileName: 'broken.json',
      name: 'broken',
      text,
      issues: [
        {
          path: '',
          message: `broken.json is not JSON: Expected ':' after the property name but found '"' (line 3, column 16)`,
          messageCode: 'report.template.file-not-json',
          params: {
            file: 'broken.json',
            detail: `Expected ':' after the property name but found '"' (line 3, column 16)`,
            detailCode: 'report.json.expected-colon',
            found: `'"'`,
            line: 3,
            column: 16,
          },
        },
      ],
      views: [],
      viewsSkipped: 0,
    })
  })

  it('refuse a file that is too big, not regular, not UTF-8 or holds a private key, and do nothing on Cancel', async () => {
    expect(await importFile(null)).toEqual({ status: 'cancelled' })
    expect(await importFile(file('big.json', Buffer.alloc(5 * 1024 * 1024, 0x20)))).toEqual({
      status: 'refused',
      fileName: 'big.json',
      message: 'big.json is 5.24 MB: a report template is a small JSON file (at most 4 MiB).',
      messageCode: 'report.template.file-too-large',
      params: { file: 'big.json', sizeBytes: 5 * 1024 * 1024, limitBytes: 4 * 1024 * 1024 },
    })
    expect(
      await importFile(file('latin1.json', Buffer.from('{"reportName":"caf\xe9"}', 'latin1'))),
    ).toEqual({
      status: 'refused',
      fileName: 'latin1.json',
      message: 'latin1.json is not UTF-8 text: a report template is a JSON file.',
      messageCode: 'report.template.file-not-utf8',
      params: { file: 'latin1.json' },
    })
    // A folder, a pipe no program writes to (a read would wait forever) and a device.
    const folder = join(dir, 'folder.json')
    mkdirSync(folder)
    const pipe = join(dir, 'pipe.json')
    execFileSync('mkfifo', [pipe])
    for (const path of [folder, pipe, '/dev/null']) {
      expect(await importFile(path)).toMatchObject({
        status: 'refused',
        messageCode: 'report.template.file-not-regular',
        message: expect.stringMatching(
          /is not a regular file \(a folder, a pipe, a device or a socket\)/,
        ),
      })
    }
    const key = JSON.stringify({ ...valid, reportName: '-----BEGIN PRIVATE KEY-----\nMIIE' })
    expect(await importFile(file('key.json', key))).toMatchObject({
      status: 'refused',
      message: 'key.json holds a private key: GateDesk does not read it as a template.',
    })
  })

  it('export a request as laid-out JSON where the user picks, offering the name as the file name', async () => {
    const target = join(dir, 'exported.json')
    dialogs.nextSave = target
    const result = await invoke('templates:export-file', {
      name: 'Weekly: EUR/USD',
      request: valid,
    })
    expect(result).toEqual({ file: 'exported.json' })
    expect(asked.at(-1)).toBe('Export the report template: Weekly- EUR-USD.json')
    expect(readFileSync(target, 'utf8')).toBe(`${JSON.stringify(valid, null, 2)}\n`)
    // An exported file imports as the same request.
    const imported = await importFile(target)
    expect(imported.status === 'opened' && JSON.parse(imported.text)).toEqual(valid)

    dialogs.nextSave = null
    expect(await invoke('templates:export-file', { name: 'x', request: valid })).toEqual({
      file: null,
    })
  })
})
