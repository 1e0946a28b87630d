// Scratch A/B timing (helper #11): not part of the suite; deleted after use.
import { once } from 'node:events'
import { createWriteStream, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PDFDocument from 'pdfkit'
import { it } from 'vitest'
import { startAppUnderTest } from './harness/app-under-test'
import { launchChromium, openApp } from './harness/browser'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-pdf-ab-'))
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

it('A/B: first page of a 2,000-page PDF, old viewer vs new', async () => {
  await writePdf(big, 2000)
  await writePdf(small, 2)
  const browser = await launchChromium()
  const variants = []
  for (const [name, rendererDir] of [['old', '/tmp/h11/renderer-old'], ['new', '/tmp/h11/renderer-new']] as const) {
    const gatedesk = await startAppUnderTest(rendererDir)
    const app = await openApp(browser, gatedesk.harness)
    await app.page.getByRole('link', { name: 'Reports' }).click()
    variants.push({ name, gatedesk, page: app.page, times: [] as number[] })
  }
  const open = async (variant: (typeof variants)[number], path: string) => {
    const { page } = variant
    await page.evaluate(() => {
      const previous = document.querySelector('[data-testid="pdf-viewer"]')
      if (previous) Object.assign(previous, { closing: true })
      const marked = window as unknown as { __at?: number }
      delete marked.__at
      const onClick = (event: MouseEvent) => {
        if (!(event.target as Element).closest('[data-testid="open-report-file"]')) return
        marked.__at = performance.now()
        document.removeEventListener('click', onClick, true)
      }
      document.addEventListener('click', onClick, true)
    })
    variant.gatedesk.dialogs.nextOpen = path
    await page.getByTestId('open-report-file').click()
    const drawn = await page.waitForFunction(() => {
      const viewer = document.querySelector('[data-testid="pdf-viewer"]')
      if (!viewer || 'closing' in viewer) return false
      const view = viewer.querySelector(`.pdfViewer .page[data-page-number="1"]`)
      const canvas = view?.querySelector('canvas')
      return canvas && canvas.width > 0 && !view!.classList.contains('loadingIcon') ? performance.now() : false
    }, undefined, { polling: 'raf', timeout: 20_000 })
    const end = (await drawn.jsonValue()) as number
    const start = await page.evaluate(() => (window as unknown as { __at: number }).__at)
    // Let the viewer settle (thumbnails) before the next open.
    await page.waitForTimeout(800)
    return end - start
  }
  for (const variant of variants) await open(variant, small)
  for (let round = 0; round < 10; round++) {
    for (const variant of round % 2 ? [...variants].reverse() : variants) {
      await open(variant, small)
      variant.times.push(await open(variant, big))
    }
  }
  for (const { name, times } of variants) {
    const sorted = [...times].sort((a, b) => a - b)
    console.log(`${name}: median ${sorted[5]!.toFixed(0)} ms; all ${sorted.map((t) => t.toFixed(0)).join(' ')}`)
  }
  await browser.close()
  for (const { gatedesk } of variants) await gatedesk.close()
}, 600_000)
