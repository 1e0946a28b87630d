import { once } from 'node:events'
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PDFDocument from 'pdfkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-drop-e2e-'))
const files = {
  csv: join(dir, 'october.csv'),
  pdf: join(dir, 'statement.pdf'),
  png: join(dir, 'screenshot.png'),
}

beforeAll(async () => {
  writeFileSync(
    files.csv,
    'Transaction_id,Amount,Currency\r\n5000001,10.50,EUR\r\n5000002,3.25,USD\r\n5000003,7.00,EUR\r\n',
  )
  writeFileSync(files.png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  const doc = new PDFDocument({ size: 'A4', margin: 30 })
  const out = createWriteStream(files.pdf)
  doc.pipe(out)
  doc.fontSize(14).text('Dropped statement, page 1', 30, 30)
  doc.end()
  await once(out, 'finish')
})
// Registered before the app's hooks, so that the files go only once the app has closed them.
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const suite = useAppInBrowser()
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)

/**
 * Starts dragging files over the Reports screen, as from the desktop: each File carries the path
 * Electron would know for it (the harness's webUtils stand-in), or none (a File the page made).
 */
async function dragOver(dragged: { name: string; path: string | null }[]) {
  const dataTransfer = await page().evaluateHandle((dragged) => {
    const transfer = new DataTransfer()
    const harness = (
      window as unknown as { __GATEDESK_HARNESS__: { filePaths: WeakMap<File, string> } }
    ).__GATEDESK_HARNESS__
    for (const { name, path } of dragged) {
      const file = new File(['(the app reads the file from disk)'], name)
      if (path) harness.filePaths.set(file, path)
      transfer.items.add(file)
    }
    return transfer
  }, dragged)
  const screen = byTestId('reports-screen')
  // Over the screen's header first, then a child: the target stays while the pointer moves.
  await screen.dispatchEvent('dragenter', { dataTransfer })
  await byTestId('toggle-templates').dispatchEvent('dragenter', { dataTransfer })
  await screen.dispatchEvent('dragleave', { dataTransfer })
  await byTestId('toggle-templates').dispatchEvent('dragover', { dataTransfer })
  return {
    drop: () => byTestId('toggle-templates').dispatchEvent('drop', { dataTransfer }),
    leave: () => byTestId('toggle-templates').dispatchEvent('dragleave', { dataTransfer }),
  }
}
const dropTarget = () => byTestId('report-drop-target')
const openError = () => byTestId('open-report-error').textContent()

describe('dropping a file on the Reports screen', () => {
  beforeAll(async () => {
    await page().getByRole('link', { name: 'Reports' }).click()
    await byTestId('reports-screen').waitFor()
  })

  it('shows where to drop while files are dragged over, and nothing once they leave', async () => {
    expect(await dropTarget().count()).toBe(0)
    const drag = await dragOver([{ name: 'october.csv', path: files.csv }])
    await expect.poll(() => dropTarget().isVisible()).toBe(true)
    expect(await dropTarget().textContent()).toContain('Drop a CSV or PDF report to open it')
    await suite.app.screenshot('report-drop-target')
    await drag.leave()
    await expect.poll(() => dropTarget().count()).toBe(0)
    // Nothing was opened.
    expect(await byTestId('report-table').count()).toBe(0)
  })

  it('opens a dropped CSV in the table, as File → Open does', async () => {
    const drag = await dragOver([{ name: 'october.csv', path: files.csv }])
    await drag.drop()
    await expect
      .poll(() => byTestId('report-count').textContent(), { timeout: 10_000 })
      .toBe('Showing 3 of 3 rows')
    expect(await dropTarget().count()).toBe(0)
    expect(
      await byTestId('report-grid').locator('[role=columnheader] .label').allTextContents(),
    ).toEqual(['Transaction_id', 'Amount', 'Currency'])
    expect(await byTestId('result-name').textContent()).toBe('october.csv')
    await suite.app.screenshot('report-drop-csv-opened')
  })

  it('opens a dropped PDF in the viewer', async () => {
    const drag = await dragOver([{ name: 'statement.pdf', path: files.pdf }])
    await drag.drop()
    await expect
      .poll(() => page().locator('.page[data-page-number="1"] .textLayer').textContent(), {
        timeout: 10_000,
      })
      .toContain('Dropped statement, page 1')
    expect(await byTestId('pdf-page-count').textContent()).toBe('of 1')
    expect(await byTestId('result-name').textContent()).toBe('statement.pdf')
  })

  it('says plainly why a file cannot be opened, and keeps the report on show', async () => {
    const cases: [{ name: string; path: string | null }[], string][] = [
      [
        [{ name: 'screenshot.png', path: files.png }],
        '"screenshot.png" is not a report GateDesk opens: drop a CSV (.csv, .txt, .tsv) or a PDF.',
      ],
      [
        [
          { name: 'october.csv', path: files.csv },
          { name: 'statement.pdf', path: files.pdf },
        ],
        '2 files were dropped: drop one report at a time.',
      ],
      // A File the page made up has no path: nothing reaches main.
      [
        [{ name: 'made-up.csv', path: null }],
        'Only files dragged from your computer can be opened this way.',
      ],
      [
        [{ name: 'gone.csv', path: join(dir, 'gone.csv') }],
        '"gone.csv" cannot be read: it is no longer there, or you may not read it.',
      ],
    ]
    for (const [dragged, message] of cases) {
      const drag = await dragOver(dragged)
      await drag.drop()
      await expect.poll(openError).toBe(message)
      if (dragged[0]!.name === 'screenshot.png') await suite.app.screenshot('report-drop-refused')
    }
    // The PDF opened before is still on show.
    expect(await byTestId('pdf-viewer').isVisible()).toBe(true)
    // A good drop clears the error.
    await (await dragOver([{ name: 'october.csv', path: files.csv }])).drop()
    await expect.poll(() => byTestId('open-report-error').count()).toBe(0)
    await expect.poll(() => byTestId('report-table').isVisible()).toBe(true)
  })

  it('raised no page error and no Content Security Policy violation', async () => {
    expect(suite.app.pageErrors).toEqual([])
    expect(await suite.app.cspViolations()).toEqual([])
  })
})
