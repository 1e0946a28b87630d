import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import iconv from 'iconv-lite'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { startAppServices } from '../../../main/app/app-services'
import { testAppOptions } from '../../fixtures/app-options'
import { transactionsCsv } from '../../fixtures/report-engine'

// The app's real services over a data folder of their own: where its temp files go, and that
// they go.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-app-temp-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const dataDir = join(dir, 'data')
const temp = join(dataDir, 'temp')

describe("the app's temp files", () => {
  it('live in a new owner-only folder of the data folder, go on close, and a crashed session’s at start', async () => {
    // What a session that crashed left (a UTF-8 copy of a report), and a command line at work.
    mkdirSync(join(temp, 'app-crashed'), { recursive: true })
    writeFileSync(join(temp, 'app-crashed', 'utf8-1-payers.csv'), '"Name"\n"Ivan"\n')
    mkdirSync(join(temp, 'report-view-running'))
    const services = await startAppServices(testAppOptions(dataDir))
    let closed = false
    try {
      const sessions = readdirSync(temp).filter((name) => name.startsWith('app-'))
      expect(sessions).toHaveLength(1)
      expect(sessions[0]).not.toBe('app-crashed')
      expect(readdirSync(temp)).toContain('report-view-running')
      const session = join(temp, sessions[0]!)
      expect(statSync(temp).mode & 0o777).toBe(0o700)
      expect(statSync(session).mode & 0o777).toBe(0o700)

      // A windows-1251 report sorted: a UTF-8 copy for the query process, which has its folder.
      const rows = Array.from({ length: 50 }, (_, i) => [
        'Магазин',
        String(i),
        '1.000',
        'RUB',
        'sale',
      ])
      const report = join(dir, 'cp1251.csv')
      writeFileSync(report, iconv.encode(transactionsCsv(rows), 'windows-1251'))
      const opened = await services.handlers['reports:open-dropped']({ path: report })
      if (opened.kind !== 'csv') throw new Error('not opened as a CSV')
      const { reportId } = opened.head
      const sorted = await services.handlers['reports:query']({
        reportId,
        query: { sort: [{ column: 1, descending: true }], filters: [] },
      })
      expect(sorted.rowCount).toBe(50)
      expect(readdirSync(session).some((name) => name.startsWith('query-'))).toBe(true)

      await services.close()
      closed = true
      await vi.waitFor(() => expect(readdirSync(temp)).toEqual(['report-view-running']))
    } finally {
      if (!closed) await services.close()
    }
  })
})
