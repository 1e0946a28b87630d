import type { Cell } from './selection'

/** How the quick search matches, as main filters by it: a substring of the value, any case. */
export const matches = (value: string | undefined, needle: string) =>
  needle !== '' && value !== undefined && value.toLowerCase().includes(needle.toLowerCase())

/** The parts of a shown value around its matches of `needle`, each marked or not. */
export function markedParts(text: string, needle: string): { text: string; marked: boolean }[] {
  if (!needle) return [{ text, marked: false }]
  const parts: { text: string; marked: boolean }[] = []
  const lower = text.toLowerCase()
  const wanted = needle.toLowerCase()
  let at = 0
  for (let found = lower.indexOf(wanted); found >= 0; found = lower.indexOf(wanted, at)) {
    if (found > at) parts.push({ text: text.slice(at, found), marked: false })
    parts.push({ text: text.slice(found, found + wanted.length), marked: true })
    at = found + wanted.length
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false })
  return parts
}

/** Rows looked through for the next match before the search gives up (a match in hidden columns). */
const ROWS_LOOKED_MAX = 1000

/**
 * The next cell after `from` (before it, `backward`) whose value matches `needle`, reading rows
 * then columns and wrapping at the view's ends. `columns` are the file's column indexes of the
 * grid's places; `row` gives a row's values, or undefined when not loaded: that row's first
 * place is then the answer, for the grid to show (every row of a searched view matches).
 */
export function nextMatch(options: {
  from: Cell | null
  backward: boolean
  rowCount: number
  columns: readonly number[]
  row: (index: number) => readonly string[] | undefined
  needle: string
}): Cell | null {
  const { backward, rowCount, columns, row, needle } = options
  if (rowCount === 0 || columns.length === 0 || !needle) return null
  const step = backward ? -1 : 1
  const last = columns.length - 1
  let at = options.from ?? { row: backward ? 0 : rowCount - 1, col: backward ? 0 : last }
  for (let looked = 0; looked <= Math.min(rowCount, ROWS_LOOKED_MAX); looked++) {
    const values = row(at.row)
    if (looked > 0 && !values) return { row: at.row, col: backward ? last : 0 }
    for (let col = at.col + step; col >= 0 && col <= last; col += step) {
      if (matches(values?.[columns[col]!], needle)) return { row: at.row, col }
    }
    const next = (at.row + step + rowCount) % rowCount
    at = { row: next, col: backward ? columns.length : -1 }
  }
  return null
}
