import { AnnotationMode, PixelsPerInch, type PDFDocumentProxy } from 'pdfjs-dist'
import { i18n } from '../../../platform/i18n'

/** Pages are printed as images at this resolution, as pdf.js's own viewer prints them. */
export const PRINT_DPI = 150
const PRINT_CONTAINER_ID = 'pdf-print-pages'

/**
 * Printing renders every page into an image at PRINT_DPI, in a container that alone is shown
 * when printing, then asks the window to print: all of it in the sandboxed page, with nothing
 * from main. (Electron's webContents.print would print the same window, the same container.)
 * The images are PNG blobs, not canvases: 2,000 pages of canvas would hold gigabytes. The tests
 * replace window.print to see the pages it would print.
 */
export async function printPdf(
  pdfDocument: PDFDocumentProxy,
  options: {
    signal: AbortSignal
    onProgress: (done: number, total: number) => void
  },
): Promise<void> {
  const total = pdfDocument.numPages
  const first = (await pdfDocument.getPage(1)).getViewport({ scale: 1 })
  const container = document.createElement('div')
  container.id = PRINT_CONTAINER_ID
  const style = document.createElement('style')
  // The paper takes the first page's size, as pdf.js does; each image fills one sheet.
  style.textContent = `
    @page { size: ${first.width}pt ${first.height}pt; margin: 0; }
    @media screen { #${PRINT_CONTAINER_ID} { display: none; } }
    @media print {
      body > *:not(#${PRINT_CONTAINER_ID}) { display: none !important; }
      #${PRINT_CONTAINER_ID} > div { width: 100%; height: 100%; break-after: page; overflow: hidden; }
      #${PRINT_CONTAINER_ID} img { display: block; width: 100%; height: 100%; object-fit: contain; }
    }`
  const urls: string[] = []
  try {
    options.onProgress(0, total)
    for (let number = 1; number <= total; number++) {
      options.signal.throwIfAborted()
      const sheet = document.createElement('div')
      const image = document.createElement('img')
      const url = await renderForPrint(pdfDocument, number)
      urls.push(url)
      image.src = url
      await image.decode()
      sheet.append(image)
      container.append(sheet)
      options.onProgress(number, total)
    }
    options.signal.throwIfAborted()
    document.head.append(style)
    document.body.append(container)
    // Returns once the print dialog is closed, printed or not.
    window.print()
  } finally {
    container.remove()
    style.remove()
    for (const url of urls) URL.revokeObjectURL(url)
  }
}

/** Page `number` drawn at PRINT_DPI as a PNG blob's URL; pdf.js's copy of the page is freed. */
async function renderForPrint(pdfDocument: PDFDocumentProxy, number: number): Promise<string> {
  const page = await pdfDocument.getPage(number)
  try {
    const viewport = page.getViewport({ scale: PRINT_DPI / PixelsPerInch.PDF })
    const canvas = document.createElement('canvas')
    canvas.width = Math.floor(viewport.width)
    canvas.height = Math.floor(viewport.height)
    await page.render({
      canvas,
      viewport,
      intent: 'print',
      annotationMode: AnnotationMode.ENABLE_FORMS,
    }).promise
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve))
    canvas.width = canvas.height = 0
    if (!blob) throw new Error(i18n.global.t('reportPdf.pageImage', { page: number }))
    return URL.createObjectURL(blob)
  } finally {
    page.cleanup()
  }
}
