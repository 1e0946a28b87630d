import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { FileDialogs } from '../../../main/platform/electron/dialogs'
import { reportFileHandlers } from '../../../main/reports/report-file-handlers'
import { createReportFiles } from '../../../main/reports/report-files'
import { eventually } from '../../fixtures/eventually'
import { engineUnderTest } from '../../fixtures/report-engine'

// Saving a PDF on show, by its file id: the real report service's job, real files.
const engine = engineUnderTest()
afterAll(() => engine.close())
const reportFiles = createReportFiles()
let nextSave: string | null = null
const offered: string[] = []
const dialogs: FileDialogs = {
  chooseFileToOpen: async () => null,
  chooseFileToSave: async ({ defaultName }) => {
    offered.push(defaultName)
    return nextSave
  },
}
const handlers = reportFileHandlers({ reports: engine.reports, dialogs, reportFiles })
const save = handlers['report-files:save']

describe('report-files:save', () => {
  it('copies the bytes of the file behind the id, as a job, under its own name', async () => {
    // Bytes no text encoding would keep: a PDF's binary streams.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000)])
    const source = engine.write('settlement.pdf', bytes)
    const fileId = reportFiles.register(source, 'application/pdf')
    nextSave = join(engine.dir, 'kept.pdf')
    const { jobId, file } = await save({ fileId })
    expect(file).toBe('kept.pdf')
    expect(offered.at(-1)).toBe('settlement.pdf')
    const end = await eventually(
      () => engine.finished.find((finished) => finished.jobId === jobId),
      'the save job to finish',
    )
    expect(end.outcome).toBe('done')
    expect(readFileSync(nextSave).equals(bytes)).toBe(true)
  })

  it('writes nothing when the dialog is cancelled', async () => {
    const fileId = reportFiles.register(engine.write('other.pdf', '%PDF-1.7\n'), 'application/pdf')
    nextSave = null
    expect(await save({ fileId })).toEqual({ jobId: null, file: null })
  })

  it('refuses an id it does not serve, before any dialog', async () => {
    const asked = offered.length
    nextSave = join(engine.dir, 'never.pdf')
    await expect(save({ fileId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(
      'This report is no longer open. Open it again.',
    )
    expect(offered.length).toBe(asked)
    expect(existsSync(nextSave)).toBe(false)
  })
})
