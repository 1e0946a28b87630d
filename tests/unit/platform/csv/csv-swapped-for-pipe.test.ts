import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { indexRows } from '../../../../main/platform/csv/row-index'
import { transcodeToUtf8 } from '../../../../main/platform/csv/transcode'
import { extractColumns } from '../../../../main/reports/query/column-extract'
import { sourceScript } from '../../../../main/platform/workers/script-ref'
import { csvScratch } from '../../../fixtures/csv-files'

// A report is checked to be a regular file when it is opened; what reads it again later (the
// index worker, the UTF-8 copy, the query process's extraction) must not wait forever on a pipe
// put in its place meanwhile.
const scratch = csvScratch()
afterAll(() => scratch.close())

function pipe(name: string): string {
  const path = join(scratch.dir, name)
  execFileSync('mkfifo', [path])
  return path
}

const changed = (name: string) =>
  `"${name}" changed since GateDesk opened it. Open it again to see it as it is now.`

// A read that waited on the pipe would never end: the test's own timeout catches it.
describe('a report file swapped for a pipe after it was opened', () => {
  it('is refused by the row index', async () => {
    await expect(
      indexRows(sourceScript('row-index-worker'), pipe('indexed.csv'), { delimiter: ',' }),
    ).rejects.toThrow(changed('indexed.csv'))
  })

  it('is refused by its UTF-8 copy, which leaves no file', async () => {
    const target = join(scratch.dir, 'copy.utf8.csv')
    await expect(transcodeToUtf8(pipe('copied.csv'), 'windows-1251', target)).rejects.toThrow(
      changed('copied.csv'),
    )
    expect(existsSync(target)).toBe(false)
  })

  it("is refused by the query process's column extraction, as code and values (main words them)", async () => {
    const target = join(scratch.dir, 'columns.csv')
    await expect(
      extractColumns(pipe('extracted.csv'), target, { delimiter: ',', columns: [0] }),
    ).rejects.toMatchObject({
      code: 'file-changed',
      messageCode: 'report.csv.file-changed',
      params: { file: 'extracted.csv' },
    })
  })
})
