import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { droppedReportKind } from '../../main/reports/report-file-kind'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-dropped-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe('a file dropped on the Reports screen', () => {
  it('is a PDF by its signature, whatever its name', async () => {
    expect(await droppedReportKind(file('statement.pdf', '%PDF-1.7\n'))).toBe('pdf')
    expect(await droppedReportKind(file('statement.bin', '%PDF-1.4\n'))).toBe('pdf')
    expect(await droppedReportKind(file('report.csv', '%PDF-1.4\n'))).toBe('pdf')
  })

  it('is a CSV by its extension, as in the Open dialog', async () => {
    for (const name of ['report.csv', 'REPORT.CSV', 'export.txt', 'tabs.tsv']) {
      expect(await droppedReportKind(file(name, '"a","b"\r\n')), name).toBe('csv')
    }
    // An empty CSV is still a CSV: the table says it has no rows.
    expect(await droppedReportKind(file('empty.csv', ''))).toBe('csv')
  })

  it('is refused, with what to drop instead, when it is anything else', async () => {
    const folder = join(dir, 'reports.csv')
    mkdirSync(folder)
    const pipe = join(dir, 'pipe.csv')
    execFileSync('mkfifo', [pipe])
    const cases: [string, string][] = [
      [
        file('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47])),
        '"photo.png" is not a report GateDesk opens: drop a CSV (.csv, .txt, .tsv) or a PDF.',
      ],
      [file('notes', 'a,b\n'), '"notes" is not a report GateDesk opens'],
      [
        file('fake.pdf', 'not a pdf'),
        '"fake.pdf" is not a PDF inside (it does not start with %PDF-): it may be damaged.',
      ],
      [folder, '"reports.csv" is a folder: drop a CSV or PDF report file.'],
      // A pipe would block any read: it is refused before one.
      [pipe, '"pipe.csv" is not a regular file: drop a CSV or PDF report.'],
      [join(dir, 'gone.csv'), '"gone.csv" cannot be read: it is no longer there'],
      ['relative/report.csv', '"report.csv" is not a file on this computer.'],
    ]
    for (const [path, message] of cases) {
      await expect(droppedReportKind(path), path).rejects.toThrow(message)
    }
  })
})
