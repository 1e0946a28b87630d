import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { chosenReportKind, droppedReportKind } from '../../../main/reports/report-file-kind'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-dropped-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
// The app's own data folder: its database, keys and downloaded reports.
const appData = join(dir, 'GateDesk')
mkdirSync(appData)
const dropped = (path: string) => droppedReportKind(path, appData)

describe('a file dropped on the Reports screen', () => {
  it('is a PDF by its signature, whatever its name', async () => {
    expect(await dropped(file('statement.pdf', '%PDF-1.7\n'))).toBe('pdf')
    expect(await dropped(file('statement.bin', '%PDF-1.4\n'))).toBe('pdf')
    expect(await dropped(file('report.csv', '%PDF-1.4\n'))).toBe('pdf')
  })

  it('is a CSV by its extension, as in the Open dialog', async () => {
    for (const name of ['report.csv', 'REPORT.CSV', 'export.txt', 'tabs.tsv']) {
      expect(await dropped(file(name, '"a","b"\r\n')), name).toBe('csv')
    }
    // An empty CSV is still a CSV: the table says it has no rows.
    expect(await dropped(file('empty.csv', ''))).toBe('csv')
  })

  // A pipe would block any read for ever: each is refused before one (a read that waited would
  // never end, and the test's own timeout would catch it).
  it('is refused, with what to drop instead, when it is anything else', async () => {
    const folder = join(dir, 'reports.csv')
    mkdirSync(folder)
    const pipe = join(dir, 'pipe.csv')
    execFileSync('mkfifo', [pipe])
    const notRegular = 'is not a regular file (a pipe, a device or a socket)'
    const cases: [string, string][] = [
      [
        file('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47])),
        '"photo.png" is not a report GateDesk opens: drop a CSV (.csv, .txt, .tsv) or a PDF.',
      ],
      [file('notes', 'a,b\n'), '"notes" is not a report GateDesk opens'],
      ['/etc/passwd', '"passwd" is not a report GateDesk opens'],
      [
        file('fake.pdf', 'not a pdf'),
        '"fake.pdf" is not a PDF inside (it does not start with %PDF-): it may be damaged.',
      ],
      [folder, '"reports.csv" is a folder: GateDesk opens only CSV and PDF report files.'],
      [pipe, `"pipe.csv" ${notRegular}: GateDesk opens only CSV and PDF report files.`],
      ['/dev/null', `"null" ${notRegular}`],
      [join(dir, 'gone.csv'), '"gone.csv" cannot be read: it is no longer there'],
      ['relative/report.csv', '"report.csv" is not a file on this computer.'],
    ]
    for (const [path, message] of cases) {
      await expect(dropped(path), path).rejects.toThrow(message)
    }
  })

  it("is refused when it is one of GateDesk's own files, even through a link", async () => {
    const own = join(appData, 'reports', 'downloaded.csv')
    mkdirSync(join(appData, 'reports'))
    writeFileSync(own, '"a"\r\n"1"\r\n')
    const link = join(dir, 'innocent.csv')
    symlinkSync(own, link)
    for (const path of [own, link, join(appData, 'reports', '..', 'reports', 'downloaded.csv')]) {
      await expect(dropped(path), path).rejects.toThrow(
        "is one of GateDesk's own files: drop a report from where you saved it.",
      )
    }
    // A folder merely named alike is not the app's.
    mkdirSync(join(dir, 'GateDesk-old'))
    expect(await dropped(file('GateDesk-old/report.csv', '"a"\r\n'))).toBe('csv')
  })
})

describe('a file chosen in the Open dialog', () => {
  it('is a PDF by its signature, else a CSV for the engine to read', async () => {
    expect(await chosenReportKind(file('chosen.bin', '%PDF-1.7\n'))).toBe('pdf')
    expect(await chosenReportKind(file('chosen.csv', '"a"\r\n'))).toBe('csv')
  })

  it('is refused at once when it is a pipe, a device or a folder', async () => {
    const pipe = join(dir, 'chosen-pipe.csv')
    execFileSync('mkfifo', [pipe])
    const folder = join(dir, 'chosen-folder')
    mkdirSync(folder)
    await expect(chosenReportKind(pipe)).rejects.toThrow('"chosen-pipe.csv" is not a regular file')
    await expect(chosenReportKind('/dev/null')).rejects.toThrow('"null" is not a regular file')
    await expect(chosenReportKind(folder)).rejects.toThrow('"chosen-folder" is a folder')
  })
})
