import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkPdfStructure } from '../../../../main/platform/pdf/pdf-structure'
import {
  HOLLOW_PDF,
  overwritten,
  sandboxPdf,
  updated,
  xrefStreamPdf,
} from '../../../fixtures/pdf-files'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-pdf-structure-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const check = (content: Buffer) => {
  const path = join(dir, `${++files}.pdf`)
  writeFileSync(path, content)
  return checkPdfStructure(path)
}
/** `pdf` with its last `startxref` pointing elsewhere. */
const startxrefMoved = (pdf: Buffer, by: number) => {
  const text = pdf.toString('latin1')
  const at = text.lastIndexOf('startxref')
  const offset = Number(/startxref\s+(\d+)/.exec(text.slice(at))![1])
  return Buffer.from(`${text.slice(0, at)}startxref\n${offset + by}\n%%EOF\n`, 'latin1')
}

let report: Buffer
beforeAll(async () => {
  report = await sandboxPdf()
})

describe('the structure of a PDF report', () => {
  it('holds together in a report drawn by the sandbox (a cross-reference table)', async () => {
    expect(report.length).toBeGreaterThan(8000)
    expect(await check(report)).toBeNull()
  })

  it('holds together with a compressed cross-reference stream and object stream (PDF 1.5)', async () => {
    expect(await check(xrefStreamPdf())).toBeNull()
  })

  it('is missing in %PDF- and %%EOF with nothing between', async () => {
    expect(await check(HOLLOW_PDF)).toEqual({ code: 'no-startxref' })
  })

  it('is broken when bytes 2000–8000 of a real report are overwritten', async () => {
    expect(await check(overwritten(report, 2000, 8000))).toMatchObject({
      code: 'misplaced-object',
      offset: expect.any(Number),
    })
  })

  it('is broken when startxref points at no cross-reference section', async () => {
    expect(await check(startxrefMoved(report, -7))).toMatchObject({ code: 'bad-xref' })
    const modern = xrefStreamPdf()
    expect(await check(startxrefMoved(modern, 3))).toMatchObject({ code: 'bad-xref' })
    expect(await check(startxrefMoved(modern, 10_000_000))).toMatchObject({ code: 'bad-xref' })
  })

  it('is broken when a compressed cross-reference stream is damaged', async () => {
    const modern = xrefStreamPdf()
    const stream = modern.lastIndexOf('>>\nstream\n') + '>>\nstream\n'.length
    expect(await check(overwritten(modern, stream + 4, stream + 12))).toMatchObject({
      code: 'bad-xref',
    })
  })

  it('is read through incremental updates, the newest version of an object winning', async () => {
    const catalog = /\/Type \/Catalog\s+\/Pages (\d+) 0 R/.exec(report.toString('latin1'))!
    const pagesObject = Number(catalog[1])
    const kids = /\/Kids (\[[^\]]*\])/.exec(report.toString('latin1'))![1]
    // A page tree root longer than any first read of the file (a report of thousands of pages).
    const long = `<< /Type /Pages /Count 3 /Kids ${kids} /Note (${'x'.repeat(200_000)}) >>`
    expect(await check(updated(report, pagesObject, long))).toBeNull()
    const emptied = `<< /Type /Pages /Count 0 /Kids [] >>`
    expect(await check(updated(report, pagesObject, emptied))).toEqual({ code: 'no-pages' })
  })

  it('is taken as whole when encrypted, where its object streams cannot be read', async () => {
    expect(await check(xrefStreamPdf(1, true))).toBeNull()
  })

  it('has no pages when its page tree counts none', async () => {
    expect(await check(xrefStreamPdf(0))).toEqual({ code: 'no-pages' })
  })

  it('has no catalog when the trailer names none', async () => {
    const text = report.toString('latin1').replace(/\/Root \d+ 0 R/, '/Rooo 3 0 R')
    expect(await check(Buffer.from(text, 'latin1'))).toEqual({ code: 'no-catalog' })
  })

  it('is judged, never crashed on, whatever bytes are overwritten', async () => {
    const modern = xrefStreamPdf()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(report, modern),
        fc.nat(),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 255 }),
        async (pdf, start, length, byte) => {
          const from = start % pdf.length
          const damaged = Buffer.from(pdf)
          damaged.fill(byte, from, Math.min(pdf.length, from + length))
          const damage = await check(damaged)
          expect(damage === null || typeof damage.code === 'string').toBe(true)
        },
      ),
      { numRuns: 200 },
    )
  })
})
