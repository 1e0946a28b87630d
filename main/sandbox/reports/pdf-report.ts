import { existsSync } from 'node:fs'
import { once } from 'node:events'
import { Readable } from 'node:stream'
import PDFDocument from 'pdfkit'
import type { ReportRow } from './report-rows'

// A Unicode TrueType font from the system, for Cyrillic and other non-Latin text; pdfkit ships
// only the standard 14 fonts, which cover Latin-1 alone.
const UNICODE_FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/System/Library/Fonts/Supplemental/Arial Unicode.ttf',
  '/Library/Fonts/Arial Unicode.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
]

export function findUnicodeFont(): string | null {
  return UNICODE_FONT_CANDIDATES.find((file) => existsSync(file)) ?? null
}

const MARGIN = 30
const ROW_HEIGHT = 12
const FONT_SIZE = 7
// Landscape A4 is 842 pt wide: the columns fill the 782 pt between the margins, each at least
// as wide as its header in DejaVu Sans 7 pt.
const COLUMN_WIDTHS = [100, 62, 80, 80, 60, 40, 65, 235, 60]

/**
 * pdfkit keeps the layout of every distinct word a font has drawn, for the whole document: the
 * ids and order numbers of a million rows grew it past any heap. Emptied after each page, it
 * still serves what a page repeats (dates, currencies, names), and memory stays flat.
 */
function forgetWordLayouts(doc: PDFKit.PDFDocument): void {
  const { _fontFamilies: fonts = {} } = doc as unknown as {
    _fontFamilies?: Record<string, { layoutCache?: object }>
  }
  for (const font of Object.values(fonts)) {
    if (font.layoutCache) font.layoutCache = Object.create(null)
  }
}

/** One line per row: line breaks and tabs inside a value become spaces. */
const oneLine = (text: string) => text.replace(/\r\n|[\r\n\t]/g, ' ')

/**
 * The report as a PDF table, many pages as needed, drawn a page at a time as the reader asks for
 * more: pdfkit itself would buffer the whole document for a slow reader.
 */
export function pdfReportStream(
  title: string,
  columns: readonly string[],
  pages: Iterable<ReportRow[]>,
  fontFile: string | null,
): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: title, Creator: 'GateDesk sandbox' },
    // Each page is written out as the next one starts, never kept for the end.
    bufferPages: false,
  })
  // The standard font cannot show what Latin-1 lacks: such characters become "?".
  const printable = fontFile
    ? oneLine
    : (text: string) => oneLine(text).replace(/[^ -\u00ff]/g, '?')
  if (fontFile) doc.registerFont('body', fontFile)
  const font = fontFile ? 'body' : 'Helvetica'
  const rows = (function* () {
    for (const page of pages) yield* page
  })()
  const bottom = doc.page.height - MARGIN - ROW_HEIGHT
  let pageNumber = 0
  let y = 0

  const drawRow = (values: readonly string[], bold: boolean) => {
    let x = MARGIN
    doc.font(bold && !fontFile ? 'Helvetica-Bold' : font)
    values.forEach((value, index) => {
      const width = COLUMN_WIDTHS[index]!
      doc.text(printable(value), x + 2, y + 2, {
        width: width - 4,
        height: ROW_HEIGHT,
        lineBreak: false,
        ellipsis: true,
      })
      x += width
    })
    y += ROW_HEIGHT
  }
  const startPage = () => {
    if (pageNumber > 0) doc.addPage()
    pageNumber++
    doc
      .fontSize(10)
      .font(font)
      .text(`${printable(title)} — page ${pageNumber}`, MARGIN, MARGIN - 12, { lineBreak: false })
    doc.fontSize(FONT_SIZE)
    y = MARGIN + 6
    drawRow(columns, true)
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + COLUMN_WIDTHS.reduce((a, b) => a + b), y)
      .lineWidth(0.5)
      .stroke()
  }

  async function* chunks(): AsyncGenerator<Buffer> {
    const drawn: Buffer[] = []
    const ended = once(doc, 'end')
    doc.on('data', (chunk: Buffer) => drawn.push(chunk))
    let next = rows.next()
    while (!next.done) {
      startPage()
      for (; !next.done && y <= bottom; next = rows.next()) drawRow(next.value, false)
      forgetWordLayouts(doc)
      // pdfkit writes a page out when the next one starts; let its data events run first.
      await new Promise((resolve) => setImmediate(resolve))
      if (drawn.length > 0) yield Buffer.concat(drawn.splice(0))
    }
    if (pageNumber === 0) startPage()
    doc.end()
    await ended
    yield Buffer.concat(drawn.splice(0))
  }
  return Readable.from(chunks(), { objectMode: false })
}
