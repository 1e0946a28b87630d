import type { BrowserWindowConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { electronPdfPrinter, type PrintWindow } from '../../../main/app/pdf-printer'
import { PRINT_MARGINS_MM, type PrintPage } from '../../../main/reports/report-print'

// The print view's page is printed in a window of its own that runs nothing: checked on a
// stand-in window (no Electron binary here), as the app opens Electron's.

function standIn(failPrint = false) {
  const seen: {
    options?: BrowserWindowConstructorOptions
    loaded?: string
    printed?: unknown
    destroyed: boolean
  } = { destroyed: false }
  const openWindow = (options: BrowserWindowConstructorOptions): PrintWindow => {
    seen.options = options
    return {
      loadFile: async (file: string) => {
        seen.loaded = file
      },
      destroy: () => {
        seen.destroyed = true
      },
      webContents: {
        printToPDF: async (settings: unknown) => {
          seen.printed = settings
          if (failPrint) throw new Error('printing failed')
          return Buffer.from('%PDF-1.7')
        },
      },
    } as unknown as PrintWindow
  }
  return { seen, printer: electronPdfPrinter(openWindow) }
}

const PAGE: PrintPage = {
  paper: 'A4',
  marginsMm: PRINT_MARGINS_MM,
  footerTemplate: '<div>Page</div>',
}
const inches = (mm: number) => mm / 25.4

describe('the Electron PDF printer', () => {
  it('prints in a hidden window with no script, landscape, margins in inches', async () => {
    const { seen, printer } = standIn()
    const pdf = await printer.print('/tmp/page.html', PAGE)
    expect(Buffer.from(pdf).toString()).toBe('%PDF-1.7')
    expect(seen.options).toMatchObject({
      show: false,
      webPreferences: { javascript: false, sandbox: true, nodeIntegration: false },
    })
    expect(seen.options?.webPreferences?.preload).toBeUndefined()
    expect(seen.loaded).toBe('/tmp/page.html')
    expect(seen.printed).toMatchObject({
      landscape: true,
      pageSize: 'A4',
      margins: {
        top: inches(PRINT_MARGINS_MM.top),
        right: inches(PRINT_MARGINS_MM.right),
        bottom: inches(PRINT_MARGINS_MM.bottom),
        left: inches(PRINT_MARGINS_MM.left),
      },
      footerTemplate: '<div>Page</div>',
    })
    expect(seen.destroyed).toBe(true)
  })

  it('destroys its window when printing fails', async () => {
    const { seen, printer } = standIn(true)
    await expect(printer.print('/tmp/page.html', PAGE)).rejects.toThrow('printing failed')
    expect(seen.destroyed).toBe(true)
  })
})
