import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import {
  createReportTemplatesRepository,
  TemplateNotFoundError,
  TemplateRefusedError,
  type ReportTemplatesRepository,
} from '../../../main/templates/report-templates-repository'
import type { ReportRequest } from '../../../preload/contract/reports/report-request'
import { blankRequest, dottedDay } from '../../../preload/contract/templates/report-template'
import { caught } from '../../fixtures/caught'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-templates-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0

const EXAMPLE = 'Transactions — last 30 days'
const request = (changes: Partial<ReportRequest> = {}): ReportRequest => ({
  ...blankRequest(),
  reportIdentifier: 'transactions',
  reportName: 'November',
  ...changes,
})

let db: Db
let clock: number
let templates: ReportTemplatesRepository
beforeEach(() => {
  db = openDatabase(join(dir, `db-${++files}`, 'gatedesk.sqlite'))
  clock = Date.parse('2026-11-20T09:00:00Z')
  templates = createReportTemplatesRepository(db, () => new Date((clock += 60_000)))
  return () => db.close()
})

describe('report templates in the local database', () => {
  it('come with an example that runs on the Sandbox: its transactions of the last 30 days, as CSV', async () => {
    const [example, ...others] = templates.list()
    expect(others).toEqual([])
    expect(example).toMatchObject({
      name: EXAMPLE,
      reportIdentifier: 'transactions',
      reportFormat: 'CSV',
      lastRunAt: null,
    })
    const today = new Date()
    const monthAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)
    expect(templates.get(example!.id).request).toEqual({
      reportIdentifier: 'transactions',
      reportEncode: 'UTF-8',
      reportName: EXAMPLE,
      reportCsvDelimiter: ',',
      reportFormat: 'CSV',
      configurationReportParameters: [],
      inputReportParameters: [
        { type: 'INPUT_TEXT', name: 'dateFrom', value: dottedDay(monthAgo) },
        { type: 'INPUT_TEXT', name: 'dateTo', value: dottedDay(today) },
      ],
      outputReportParameters: [],
      filters: blankRequest().filters,
    })
  })

  it('creates, reads back and saves a template, keeping the times', async () => {
    const created = templates.save({
      name: '  November EUR ',
      request: request({ filters: { currencies: ['EUR'] } }),
    })
    expect(created).toMatchObject({
      name: 'November EUR',
      createdAt: '2026-11-20T09:01:00.000Z',
      updatedAt: '2026-11-20T09:01:00.000Z',
      lastRunAt: null,
    })
    expect(templates.get(created.id).request.filters).toEqual({ currencies: ['EUR'] })

    const saved = templates.save({
      id: created.id,
      name: 'November EUR',
      request: request({ reportFormat: 'PDF' }),
    })
    expect(saved).toMatchObject({
      id: created.id,
      reportFormat: 'PDF',
      createdAt: '2026-11-20T09:01:00.000Z',
      updatedAt: '2026-11-20T09:02:00.000Z',
    })
    expect(templates.list().map((t) => t.name)).toEqual(['November EUR', EXAMPLE])
  })

  it('refuses a request the schema refuses, at its field, and stores nothing', async () => {
    const error = await caught(
      () =>
        templates.save({
          name: 'Bad',
          request: { ...request(), reportIdentifier: '', reportFormat: 7 },
        }),
      TemplateRefusedError,
    )
    expect(error.issues).toEqual([
      {
        path: 'request.reportIdentifier',
        message: 'Required: the identifier of the report to run, as support gave it',
        messageCode: 'report.request.identifier-empty',
      },
      {
        path: 'request.reportFormat',
        message: 'Must be text, not a number',
        messageCode: 'report.request.wrong-kind',
        params: { wanted: 'string', found: 'number' },
      },
    ])
    expect(templates.list()).toHaveLength(1)
  })

  it('drops fields the request does not have, and refuses a private key pasted into one', async () => {
    const saved = templates.save({ name: 'Extra', request: { ...request(), comment: 'mine' } })
    expect(templates.get(saved.id).request).not.toHaveProperty('comment')

    const key = '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----'
    const error = await caught(
      () =>
        templates.save({
          name: 'Key',
          request: request({
            inputReportParameters: [{ type: 'INPUT_TEXT', name: 'k', value: key }],
          }),
        }),
      TemplateRefusedError,
    )
    expect(error.issues).toEqual([
      {
        path: 'request.inputReportParameters.0.value',
        message: 'This holds a private key: a report request never needs one. Remove it.',
        messageCode: 'report.request.private-key',
      },
    ])
  })

  it('keeps names unique whatever their case, and refuses an empty one', async () => {
    const taken = await caught(
      () => templates.save({ name: EXAMPLE.toUpperCase(), request: request() }),
      TemplateRefusedError,
    )
    expect(taken.issues).toEqual([
      {
        path: 'name',
        message: `A template named “${EXAMPLE.toUpperCase()}” already exists: choose another name.`,
        messageCode: 'report.template.name-taken',
        params: { name: EXAMPLE.toUpperCase() },
      },
    ])
    const empty = await caught(
      () => templates.save({ name: '   ', request: request() }),
      TemplateRefusedError,
    )
    expect(empty.issues).toEqual([
      {
        path: 'name',
        message: 'Give the template a name',
        messageCode: 'report.template.name-missing',
      },
    ])
    // A template may keep its own name, in another case too.
    const [example] = templates.list()
    expect(templates.rename(example!.id, EXAMPLE.toLowerCase()).name).toBe(EXAMPLE.toLowerCase())
  })

  it('duplicates as "… (copy)", then "… (copy 2)"; a copy of a copy counts on', async () => {
    const [example] = templates.list()
    const first = templates.duplicate(example!.id)
    const second = templates.duplicate(example!.id)
    const third = templates.duplicate(first.id)
    expect([first.name, second.name, third.name]).toEqual([
      `${EXAMPLE} (copy)`,
      `${EXAMPLE} (copy 2)`,
      `${EXAMPLE} (copy 3)`,
    ])
    expect(first.request).toEqual(templates.get(example!.id).request)
    expect(first.id).not.toBe(example!.id)
  })

  it('renames, refusing a name another template has', async () => {
    const other = templates.save({ name: 'Other', request: request() })
    expect(templates.rename(other.id, 'Weekly').name).toBe('Weekly')
    const error = await caught(() => templates.rename(other.id, EXAMPLE), TemplateRefusedError)
    expect(error.issues[0]!.path).toBe('name')
    expect(templates.get(other.id).name).toBe('Weekly')
  })

  it('deletes so that the delete can be undone, until deleted templates are purged', async () => {
    const kept = templates.save({ name: 'Kept', request: request() })
    templates.remove(kept.id)
    expect(templates.list().map((t) => t.name)).toEqual([EXAMPLE])
    const gone = await caught(() => templates.get(kept.id), TemplateNotFoundError)
    expect(gone.message).toContain('deleted')

    const restored = templates.restore(kept.id)
    expect(restored).toMatchObject({ id: kept.id, name: 'Kept', request: kept.request })
    expect(templates.list().map((t) => t.name)).toEqual(['Kept', EXAMPLE])

    templates.remove(kept.id)
    expect(templates.purgeDeleted()).toBe(1)
    expect(await caught(() => templates.restore(kept.id), TemplateNotFoundError)).toBeInstanceOf(
      TemplateNotFoundError,
    )
  })

  it('restores under a free name when another template took the name meanwhile', async () => {
    const first = templates.save({ name: 'Weekly', request: request() })
    templates.remove(first.id)
    templates.save({ name: 'Weekly', request: request({ reportName: 'new' }) })
    expect(templates.restore(first.id).name).toBe('Weekly 2')
  })

  it('purges only what was deleted before the time given', async () => {
    const old = templates.save({ name: 'Old', request: request() })
    templates.remove(old.id) // 09:02
    const fresh = templates.save({ name: 'Fresh', request: request() })
    templates.remove(fresh.id) // 09:04
    expect(templates.purgeDeleted(new Date('2026-11-20T09:03:00Z'))).toBe(1)
    expect(templates.restore(fresh.id).name).toBe('Fresh')
  })

  it('notes each run and lists the templates run last, most recent first', async () => {
    const [example] = templates.list()
    const weekly = templates.save({ name: 'Weekly', request: request() })
    templates.save({ name: 'Never run', request: request() })
    expect(templates.recent()).toEqual([])
    expect(templates.markRun(example!.id)).toBe(true)
    expect(templates.markRun(weekly.id)).toBe(true)
    expect(templates.recent().map((t) => t.name)).toEqual(['Weekly', EXAMPLE])
    expect(templates.markRun(example!.id)).toBe(true)
    expect(templates.recent(1).map((t) => t.name)).toEqual([EXAMPLE])
    expect(templates.get(example!.id).lastRunAt).not.toBeNull()

    // A template deleted while its report ran is not brought back by the run.
    templates.remove(weekly.id)
    expect(templates.markRun(weekly.id)).toBe(false)
    expect(templates.recent().map((t) => t.name)).toEqual([EXAMPLE])
  })

  it('is a step of the schema that an existing database of version 1 takes too', async () => {
    const file = join(dir, 'v1', 'gatedesk.sqlite')
    openDatabase(file).close()
    // Back to version 1, as a GateDesk before templates left it (later steps' tables go too).
    const raw = new Database(file)
    raw.exec('DROP TABLE report_templates; DROP TABLE bulk_rows; DROP TABLE bulk_jobs')
    raw.exec('DROP TABLE bulk_column_mappings')
    for (const column of ['sender_pid', 'sender_host', 'message_code', 'message_params']) {
      raw.exec(`ALTER TABLE request_history DROP COLUMN ${column}`)
    }
    raw.pragma('user_version = 1')
    raw.close()
    const upgraded = openDatabase(file)
    expect(
      createReportTemplatesRepository(upgraded)
        .list()
        .map((t) => t.name),
    ).toEqual([EXAMPLE])
    upgraded.close()
  })
})
