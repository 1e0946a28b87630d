// Scratch profiling (helper #11): not part of the suite.
import { once } from 'node:events'
import { createWriteStream, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PDFDocument from 'pdfkit'
import { beforeAll, it } from 'vitest'
import { useAppInBrowser } from './harness/app-under-test'

const suite = useAppInBrowser()
const page = () => suite.app.page
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-pdf-prof-'))
const big = join(dir, 'transactions-2000.pdf')
const small = join(dir, 'small.pdf')
const row = (number: number, line: number) =>
  `${String(number * 100 + line).padStart(8, '0')}   ORD-${number}-${line}   ${((number * 37 + line * 11) % 5000) / 100} EUR   approved   GateDesk Demo Company`
async function writePdf(path: string, pages: number) {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30 })
  const out = createWriteStream(path)
  doc.pipe(out)
  for (let number = 1; number <= pages; number++) {
    if (number > 1) doc.addPage()
    doc.fontSize(14).text(`Transactions, page ${number} of ${pages}`, 30, 30)
    doc.fontSize(9).text(Array.from({ length: 30 }, (_, line) => row(number, line)).join('\n'), 30, 60, { lineGap: 3 })
  }
  doc.end()
  await once(out, 'finish')
}
beforeAll(async () => {
  await writePdf(big, 2000)
  await writePdf(small, 2)
}, 120_000)

async function openTimed(path: string) {
  const start = await page().evaluate(() => {
    const w = window as unknown as { __reads: unknown[]; __fetchHooked?: boolean }
    w.__reads = []
    if (!w.__fetchHooked) {
      w.__fetchHooked = true
      const original = window.fetch.bind(window)
      window.fetch = async (input, init) => {
        const url = String(input)
        const t0 = performance.now()
        const response = await original(input, init)
        if (!url.includes('/report-files/')) return response
        const t1 = performance.now()
        const clone = response.clone()
        void clone.arrayBuffer().then((b) => {
          w.__reads.push({ range: new Headers(init?.headers).get('range'), t0, headers: t1, body: performance.now(), size: b.byteLength })
        })
        return response
      }
    }
    const previous = document.querySelector('[data-testid="pdf-viewer"]')
    if (previous) Object.assign(previous, { closing: true })
    performance.clearMarks()
    ;(window as unknown as { __start: number }).__start = performance.now()
    return performance.now()
  })
  suite.gatedesk.dialogs.nextOpen = path
  await page().getByTestId('open-report-file').click()
  const drawn = await page().waitForFunction(() => {
    const viewer = document.querySelector('[data-testid="pdf-viewer"]')
    if (!viewer || 'closing' in viewer) return false
    const view = viewer.querySelector(`.pdfViewer .page[data-page-number="1"]`)
    const canvas = view?.querySelector('canvas')
    return canvas && canvas.width > 0 && !view!.classList.contains('loadingIcon') ? performance.now() : false
  }, undefined, { polling: 'raf', timeout: 20_000 })
  const end = (await drawn.jsonValue()) as number
  const reads = (await page().evaluate(() => (window as unknown as { __reads: { range: string; t0: number; headers: number; body: number; size: number }[] }).__reads))
  return { total: end - start, reads: reads.map((r) => `${r.range} ${(r.size / 1024).toFixed(0)}K start ${(r.t0 - start).toFixed(0)} hdr ${(r.headers - start).toFixed(0)} body ${(r.body - start).toFixed(0)}`) }
}

it('profiles the first page of a 2,000-page PDF', async () => {
  page().on('console', (m) => { if (m.text().startsWith('h11')) console.log(m.text()) })
  await page().getByRole('link', { name: 'Reports' }).click()
  await openTimed(small)
  await openTimed(small)
  console.log('size', statSync(big).size)
  const runs: number[] = []
  for (let run = 0; run < 8; run++) {
    if (run % 2 === 0) await openTimed(small)
    const { total, reads } = await openTimed(big)
    runs.push(total)
    const marks = await page().evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('h11:')).map((m) => [m.name, m.startTime] as const))
    const start = (await page().evaluate(() => (window as unknown as { __start: number }).__start))
    console.log(`run ${run} (after ${run % 2 === 0 ? 'small' : 'big'}): ${total.toFixed(0)} ms\n  ${marks.map(([n, t]) => `${n} ${(t - start).toFixed(0)}`).join(' | ')}\n  ${reads.slice(0, 3).join('\n  ')} … last body ${reads.length}`)
  }
  console.log('sorted', runs.sort((a, b) => a - b).map((t) => t.toFixed(0)).join(' '))
}, 300_000)
