import { existsSync, readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import iconv from 'iconv-lite'
import { afterAll, describe, expect, it } from 'vitest'
import type { ByteProgress } from '../../../../main/platform/csv/byte-progress'
import { CsvError } from '../../../../main/platform/csv/csv-error'
import { transcodeToUtf8 } from '../../../../main/platform/csv/transcode'
import { caught } from '../../../fixtures/caught'
import { csvScratch } from '../../../fixtures/csv-files'

const scratch = csvScratch()
afterAll(() => scratch.close())

const MiB = 1024 * 1024

describe('transcoding to UTF-8', () => {
  it('keeps a character whose UTF-16 bytes are cut between two reads', async () => {
    // The emoji's two UTF-16 code units lie either side of the first 4 MiB read.
    const text = `"a"\r\n${'x'.repeat(2 * MiB - 2 - 5)}😀\r\n`
    const source = scratch.write('utf16.csv', iconv.encode(text, 'utf-16be', { addBOM: true }))
    const target = join(scratch.dir, 'utf16.utf8.csv')
    const progress: ByteProgress[] = []
    await transcodeToUtf8(source, 'utf-16be', target, { onProgress: (p) => progress.push(p) })
    expect(readFileSync(target, 'utf8') === text).toBe(true)
    expect(progress.at(-1)).toEqual({
      bytesDone: 2 + text.length * 2,
      bytesTotal: 2 + text.length * 2,
    })
  })

  it('writes legacy charsets as UTF-8', async () => {
    const text = '"Магазин";"Сумма"\r\n"Ромашка";"1.500"\r\n'
    const source = scratch.write('koi8.csv', iconv.encode(text, 'koi8-r'))
    const target = join(scratch.dir, 'koi8.utf8.csv')
    await transcodeToUtf8(source, 'KOI8-R', target)
    expect(readFileSync(target, 'utf8')).toBe(text)
  })

  it('stops when cancelled and leaves no partial copy', async () => {
    const source = scratch.write('big.csv', Buffer.alloc(16 * MiB, 'a'))
    const target = join(scratch.dir, 'big.utf8.csv')
    const controller = new AbortController()
    const error = await caught(
      () =>
        transcodeToUtf8(source, 'windows-1251', target, {
          signal: controller.signal,
          onProgress: () => controller.abort(),
        }),
      Error,
    )
    expect(error.name).toBe('AbortError')
    expect(existsSync(target)).toBe(false)
  })

  it('never writes its copy through a link planted where the copy goes', async () => {
    const victim = scratch.write('victim.txt', 'the victim file')
    const target = join(scratch.dir, 'planted.utf8.csv')
    symlinkSync(victim, target)
    const source = scratch.write('planted.csv', iconv.encode('"а"\r\n', 'windows-1251'))
    await expect(transcodeToUtf8(source, 'windows-1251', target)).rejects.toThrow(/EEXIST/)
    expect(readFileSync(victim, 'utf8')).toBe('the victim file')
  })

  it('says when the file is gone', async () => {
    const target = join(scratch.dir, 'none.utf8.csv')
    const error = await caught(
      () => transcodeToUtf8(join(scratch.dir, 'none.csv'), 'utf-16le', target),
      CsvError,
    )
    expect(error.code).toBe('file-missing')
  })
})
