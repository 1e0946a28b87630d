import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { reportHandlers } from '../../../main/reports/report-handlers'
import { createReportFiles } from '../../../main/reports/report-files'
import { serveAppRequest } from '../../../main/app/security/app-protocol'
import { engineUnderTest, transactionsCsv } from '../../fixtures/report-engine'

// The handlers behind the Reports screen's Open button and drop, over the real engine: main
// checks every path itself, whoever sent it.
const engine = engineUnderTest()
afterAll(() => engine.close())
const dataDir = join(engine.dir, 'GateDesk')
mkdirSync(dataDir)
const reportFiles = createReportFiles()
const dialogs = { nextOpen: null as string | null }
const handlers = reportHandlers({
  reports: engine.reports,
  dialogs: {
    chooseFileToOpen: async () => dialogs.nextOpen,
    chooseFileToSave: async () => null,
  },
  reportFiles,
  dataDir,
})
const openChosen = (path: string) => {
  dialogs.nextOpen = path
  return handlers['reports:open-file']({})
}
const fifo = (name: string) => {
  const path = join(engine.dir, name)
  execFileSync('mkfifo', [path])
  return path
}
const folder = (name: string) => {
  const path = join(engine.dir, name)
  mkdirSync(path)
  return path
}

/** What app://gatedesk/report-files/<id> answers, as the PDF viewer asks it. */
async function served(fileId: string): Promise<number> {
  const request = {
    url: `app://gatedesk/report-files/${fileId}`,
    method: 'GET',
    headers: { get: () => null },
  }
  const response = await serveAppRequest(request, { rendererDir: engine.dir, reportFiles })
  return response.status
}

// A pipe, a device or a folder is refused before any read, so none of these may hang.
describe('opening a report chosen in the Open dialog', { timeout: 10_000 }, () => {
  it('refuses a pipe, a device and a folder at once, saying what it is', async () => {
    const notRegular = 'is not a regular file (a pipe, a device or a socket)'
    await expect(openChosen(fifo('chosen-pipe.csv'))).rejects.toThrow(
      `"chosen-pipe.csv" ${notRegular}: GateDesk opens only CSV and PDF report files.`,
    )
    await expect(openChosen('/dev/null')).rejects.toThrow(`"null" ${notRegular}`)
    await expect(openChosen(folder('chosen-folder.csv'))).rejects.toThrow(
      '"chosen-folder.csv" is a folder: GateDesk opens only CSV and PDF report files.',
    )
  })
})

describe('opening a dropped report, checked in main', { timeout: 10_000 }, () => {
  it('refuses what is not a CSV or PDF report, a pipe, a device and a folder', async () => {
    await expect(handlers['reports:open-dropped']({ path: '/etc/passwd' })).rejects.toThrow(
      '"passwd" is not a report GateDesk opens: drop a CSV (.csv, .txt, .tsv) or a PDF.',
    )
    await expect(
      handlers['reports:open-dropped']({ path: fifo('dropped-pipe.csv') }),
    ).rejects.toThrow('"dropped-pipe.csv" is not a regular file')
    await expect(handlers['reports:open-dropped']({ path: '/dev/zero' })).rejects.toThrow(
      '"zero" is not a regular file',
    )
    await expect(
      handlers['reports:open-dropped']({ path: folder('dropped-folder.pdf') }),
    ).rejects.toThrow('"dropped-folder.pdf" is a folder')
  })

  it("refuses GateDesk's own files, however the path reaches them", async () => {
    mkdirSync(join(dataDir, 'reports'))
    const own = engine.write('GateDesk/reports/downloaded.pdf', '%PDF-1.7\n%%EOF\n')
    const link = join(engine.dir, 'looks-innocent.pdf')
    symlinkSync(own, link)
    for (const path of [own, link, join(dataDir, '..', 'GateDesk', 'reports', 'downloaded.pdf')]) {
      await expect(handlers['reports:open-dropped']({ path }), path).rejects.toThrow(
        "is one of GateDesk's own files: drop a report from where you saved it.",
      )
    }
  })

  it('opens a real CSV in the engine and a real PDF for the viewer', async () => {
    const csv = engine.write(
      'dropped.csv',
      transactionsCsv([['Shop', '7001', '1.000', 'EUR', 'sale']]),
    )
    expect(await handlers['reports:open-dropped']({ path: csv })).toMatchObject({
      kind: 'csv',
      head: { rows: [['Shop', '7001', '1.000', 'EUR', 'sale']] },
    })
    const pdf = engine.write('dropped.pdf', '%PDF-1.7\n%%EOF\n')
    expect(await handlers['reports:open-dropped']({ path: pdf })).toMatchObject({
      kind: 'pdf',
      fileName: 'dropped.pdf',
    })
  })
})

describe('closing a PDF', () => {
  it('forgets its file id: the viewer can no longer read the file by it', async () => {
    const pdf = engine.write('closed.pdf', '%PDF-1.7\n%%EOF\n')
    const opened = await handlers['reports:open-dropped']({ path: pdf })
    if (opened.kind !== 'pdf') throw new Error('not opened as a PDF')
    expect(await served(opened.fileId)).toBe(200)
    expect(await handlers['reports:forget-file']({ fileId: opened.fileId })).toEqual({})
    expect(await served(opened.fileId)).toBe(404)
  })
})

describe('serving a PDF to the viewer', { timeout: 10_000 }, () => {
  it('serves nothing, at once, when its file was swapped for a pipe after it opened', async () => {
    const pdf = engine.write('swapped.pdf', '%PDF-1.7\n%%EOF\n')
    const opened = await handlers['reports:open-dropped']({ path: pdf })
    if (opened.kind !== 'pdf') throw new Error('not opened as a PDF')
    rmSync(pdf)
    execFileSync('mkfifo', [pdf])
    expect(await served(opened.fileId)).toBe(404)
  })
})
