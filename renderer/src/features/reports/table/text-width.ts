import type { TextWidths } from './column-layout'

/** Widths of text in a font, measured on a canvas (no layout), cached. */
function textWidthIn(font: string): (text: string) => number {
  const context = document.createElement('canvas').getContext('2d')
  if (!context) return (text) => text.length * 7.5
  context.font = font
  const known = new Map<string, number>()
  return (text) => {
    let width = known.get(text)
    if (width === undefined) {
      width = context.measureText(text).width
      // Enough for the values of many windows; a long scroll starts it afresh.
      if (known.size >= 20_000) known.clear()
      known.set(text, width)
    }
    return width
  }
}

/**
 * The grid's fonts at `element` (the grid, or what it is laid out in): cells, and headers in
 * `headerWeight` (the grid's are bold; a Naive UI table's 500).
 */
export function gridTextWidths(
  element: Element,
  fontSize = '13px',
  headerWeight = 600,
): TextWidths {
  const { fontFamily, fontStyle } = getComputedStyle(element)
  return {
    cell: textWidthIn(`${fontStyle} 400 ${fontSize} ${fontFamily}`),
    header: textWidthIn(`${fontStyle} ${headerWeight} ${fontSize} ${fontFamily}`),
  }
}
