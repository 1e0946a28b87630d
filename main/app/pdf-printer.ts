import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron'
import type { PdfPrinter } from '../reports/report-print'

/** What printing needs of a window: the app passes Electron's, tests a stand-in. */
export type PrintWindow = Pick<BrowserWindow, 'loadFile' | 'destroy'> & {
  webContents: Pick<BrowserWindow['webContents'], 'printToPDF'>
}

const MM_PER_INCH = 25.4

/**
 * Electron's printToPDF in a hidden window of its own: no scripts, no preload, no Node; the
 * page's own CSP allows its inline styles only. One window per print, destroyed after.
 */
export function electronPdfPrinter(
  openWindow: (options: BrowserWindowConstructorOptions) => PrintWindow,
): PdfPrinter {
  return {
    async print(htmlFile, { paper, marginsMm, footerTemplate }) {
      const window = openWindow({
        show: false,
        webPreferences: {
          javascript: false,
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          webSecurity: true,
          spellcheck: false,
        },
      })
      try {
        await window.loadFile(htmlFile)
        const pdf = await window.webContents.printToPDF({
          landscape: true,
          pageSize: paper,
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: '<div></div>',
          footerTemplate,
          margins: {
            top: marginsMm.top / MM_PER_INCH,
            right: marginsMm.right / MM_PER_INCH,
            bottom: marginsMm.bottom / MM_PER_INCH,
            left: marginsMm.left / MM_PER_INCH,
          },
        })
        return new Uint8Array(pdf)
      } finally {
        window.destroy()
      }
    },
  }
}
