import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BulkFileError } from '../../../main/bulk/bulk-file-error'
import { readBulkSource } from '../../../main/bulk/bulk-source'
import { caught } from '../../fixtures/caught'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-bulk-refusals-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// A read that waited on a pipe would never end: the test's own timeout catches it.
describe('a file of updates that is not a regular file', () => {
  const folder = join(dir, 'folder.csv')
  mkdirSync(folder)
  // A pipe no program writes to: reading it would wait forever.
  const pipe = join(dir, 'pipe.csv')
  execFileSync('mkfifo', [pipe])

  it.each([folder, pipe, '/dev/zero'])('%s is refused before a byte is read', async (path) => {
    const error = await caught(() => readBulkSource(path), BulkFileError)
    expect(error.messageCode).toBe('bulk.file.not-regular')
    expect(error.message).toMatch(
      /is not a regular file \(a folder, a pipe, a device or a socket\)/,
    )
  })
})
