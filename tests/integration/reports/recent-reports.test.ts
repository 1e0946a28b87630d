import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../main/platform/db/database'
import { createRecentReports } from '../../../main/reports/recent-reports'
import { createRecentReportsRepository } from '../../../main/reports/recent-reports-repository'
import { RECENT_REPORTS_MAX } from '../../../preload/contract/reports/recent-reports'
import type { SavedViewContent } from '../../../preload/contract/reports/saved-views'

// Open recent on a real database in a temp folder: newest first, 20 kept, one entry per file or
// template, the view as last seen, a file no longer there said to be missing.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-recent-reports-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let databases = 0

const view: SavedViewContent = {
  header: ['Id', 'Amount', 'Status'],
  columns: { order: [2, 0, 1], widths: [80, 100, 90], pinned: [2], hidden: [] },
  query: {
    sort: [{ column: 1, descending: true }],
    filters: [{ kind: 'notEquals', column: 2, value: 'declined' }],
  },
}

let db: Db
let clock: number
let changes: number
let opened: string[]
let recent: ReturnType<typeof createRecentReports>
let repository: ReturnType<typeof createRecentReportsRepository>
beforeEach(() => {
  db = openDatabase(join(dir, `db-${++databases}`, 'gatedesk.sqlite'))
  clock = Date.parse('2026-11-27T08:00:00Z')
  changes = 0
  opened = []
  // Each note one second after the one before: the order is the clock's.
  repository = createRecentReportsRepository({
    db,
    now: () => new Date((clock += 1000)),
    logError: () => undefined,
  })
  recent = createRecentReports({
    repository,
    open: async (path) => {
      opened.push(path)
      return { kind: 'csv', head: { reportId: `report-${opened.length}` } } as never
    },
    exists: (path) =>
      stat(path).then(
        (info) => info.isFile(),
        () => false,
      ),
    changed: () => changes++,
  })
  return () => db.close()
})

/** A report file in this test's folder. */
function file(name: string): string {
  const path = join(dir, `${databases}-${name}`)
  writeFileSync(path, 'Id,Amount,Status\r\n1,10.00,approved\r\n')
  return path
}
const csv = (reportId: string) => ({ kind: 'csv', head: { reportId } }) as never
const noteFile = (path: string, reportId = 'report-x') =>
  recent.noteOpened({ kind: 'file', path, name: path.split('/').at(-1)! }, csv(reportId))
const names = async () => (await recent.list()).map((entry) => entry.fileName)

describe('recent reports', () => {
  it('list newest first, a file opened again moving to the top once', async () => {
    const [a, b, c] = [file('a.csv'), file('b.csv'), file('c.csv')]
    noteFile(a)
    noteFile(b)
    noteFile(c)
    noteFile(a)
    expect(await names()).toEqual([
      `${databases}-a.csv`,
      `${databases}-c.csv`,
      `${databases}-b.csv`,
    ])
    expect(changes).toBe(4)
  })

  it(`keep the ${RECENT_REPORTS_MAX} last, the oldest going`, async () => {
    const paths = Array.from({ length: RECENT_REPORTS_MAX + 5 }, (_, i) => file(`r${i}.csv`))
    for (const path of paths) noteFile(path)
    const listed = await recent.list()
    expect(listed).toHaveLength(RECENT_REPORTS_MAX)
    expect(listed.map((entry) => entry.fileName)).toEqual(
      paths
        .slice(5)
        .reverse()
        .map((path) => path.split('/').at(-1)),
    )
    expect(db.prepare('SELECT COUNT(*) AS n FROM recent_reports').get()).toEqual({
      n: RECENT_REPORTS_MAX,
    })
  })

  it('keep one entry per template, its latest run, named by the template', async () => {
    const first = file('run-1.csv')
    const second = file('run-2.csv')
    const templateId = '3f9a2a47-2c54-4a8e-9d6e-0a9a5cbe1a11'
    recent.noteOpened({ kind: 'run', path: first, name: 'Weekly', templateId }, csv('report-1'))
    noteFile(file('other.csv'))
    recent.noteOpened({ kind: 'run', path: second, name: 'Weekly', templateId }, csv('report-2'))
    const listed = await recent.list()
    expect(listed.map((entry) => [entry.kind, entry.name, entry.fileName])).toEqual([
      ['run', 'Weekly', `${databases}-run-2.csv`],
      ['file', `${databases}-other.csv`, `${databases}-other.csv`],
    ])
    const again = await recent.open(listed[0]!.id)
    expect(again).toMatchObject({ status: 'opened', templateId })
    expect(opened).toEqual([second])
  })

  it('bring back the view an open report was last seen with', async () => {
    const path = file('seen.csv')
    noteFile(path, 'report-seen')
    expect(recent.rememberView('report-seen', { ...view, query: { sort: [], filters: [] } })).toBe(
      true,
    )
    // The last view seen wins; a report not on the list is not remembered.
    expect(recent.rememberView('report-seen', view)).toBe(true)
    expect(recent.rememberView('report-elsewhere', view)).toBe(false)
    const [entry] = await recent.list()
    expect(entry).toMatchObject({ missing: false })
    expect(await recent.open(entry!.id)).toMatchObject({ status: 'opened', view, templateId: null })
    // Opened again, the entry keeps its view and follows the new report's.
    expect(recent.rememberView(`report-${opened.length}`, view)).toBe(true)
  })

  it('say a file that is no longer there is missing, rather than failing, until removed', async () => {
    const path = file('moved.csv')
    noteFile(path)
    rmSync(path)
    const [entry] = await recent.list()
    expect(entry).toMatchObject({ missing: true, fileName: `${databases}-moved.csv` })
    expect(await recent.open(entry!.id)).toMatchObject({
      status: 'missing',
      messageCode: 'recent-report.file-missing',
      params: { file: `${databases}-moved.csv` },
    })
    expect(opened).toEqual([])
    expect(recent.remove(entry!.id)).toBe(true)
    expect(await recent.list()).toEqual([])
    expect(await recent.open(entry!.id)).toEqual({ status: 'gone' })
  })

  it('are emptied by Clear, and a view that no longer reads is dropped, not fatal', async () => {
    noteFile(file('one.csv'), 'report-one')
    recent.rememberView('report-one', view)
    db.prepare(`UPDATE recent_reports SET view = '{"header": []}'`).run()
    const [entry] = await recent.list()
    expect(await recent.open(entry!.id)).toMatchObject({ status: 'opened', view: null })
    noteFile(file('two.csv'))
    expect(recent.clear()).toBe(2)
    expect(await recent.list()).toEqual([])
  })
})
