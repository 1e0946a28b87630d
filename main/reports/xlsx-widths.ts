import type { CellMaker, XlsxCell } from './xlsx-cells'

/** Widths in Excel's characters: none narrower than a short date, none wider than a phrase. */
const WIDTH_MIN = 8
const WIDTH_MAX = 50
/** Room for the filter button on the header and a little air either side. */
const PADDING = 3

/** How many characters `cell` shows in: a number grouped and with its format's decimals. */
function shownLength({ value, numFmt }: XlsxCell): number {
  if (value === null) return 0
  if (typeof value === 'string')
    return Math.max(...value.split(/\r?\n|\r/).map((line) => line.length))
  if (value instanceof Date) return numFmt?.length ?? 10
  const decimals = numFmt?.split('.')[1]?.length ?? 0
  const whole = String(Math.trunc(Math.abs(value))).length
  return whole + Math.floor((whole - 1) / 3) + (decimals ? decimals + 1 : 0) + (value < 0 ? 1 : 0)
}

/** Each column's width from its header and the cells of the first rows, capped. */
export function columnWidths(
  names: readonly string[],
  makers: readonly CellMaker[],
  sample: readonly string[][],
): number[] {
  return names.map((name, column) => {
    const make = makers[column]!
    const widest = sample.reduce((most, row) => Math.max(most, shownLength(make(row))), name.length)
    return Math.min(WIDTH_MAX, Math.max(WIDTH_MIN, widest + PADDING))
  })
}
