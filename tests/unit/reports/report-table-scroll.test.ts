import { describe, expect, it } from 'vitest'
import { RowCache, BLOCK_ROWS } from '../../../renderer/src/features/reports/table/row-cache'
import {
  SPACER_MAX_PX,
  firstRowAt,
  isScaled,
  maxFirstRow,
  revealRow,
  rowTop,
  scrollTopFor,
  spacerHeight,
  visibleRows,
  type ScrollGeometry,
} from '../../../renderer/src/features/reports/table/scroll-scale'

const ROW = 28
const VIEWPORT = 560 // 20 rows
const rows = (rowCount: number): ScrollGeometry => ({
  rowCount,
  rowHeight: ROW,
  viewportHeight: VIEWPORT,
})

/** Chromium's measured cap on an element's height. */
const CHROMIUM_HEIGHT_CAP = 33_554_428

describe('the scaled scroll of the report grid', () => {
  it('scrolls row by row, exactly, while the rows fit under the cap', () => {
    const g = rows(1000)
    expect(isScaled(g)).toBe(false)
    expect(spacerHeight(g)).toBe(28_000)
    for (const row of [0, 1, 17, 500, 980]) {
      expect(firstRowAt(row * ROW, g)).toBe(row)
      expect(scrollTopFor(row, g)).toBe(row * ROW)
      expect(rowTop(row, row, row * ROW, g)).toBe(row * ROW)
    }
  })

  it('keeps the spacer under Chromium’s cap and reaches row 9,999,999 of 10 million', () => {
    const g = rows(10_000_000)
    expect(isScaled(g)).toBe(true)
    expect(spacerHeight(g)).toBe(SPACER_MAX_PX)
    expect(spacerHeight(g)).toBeLessThan(CHROMIUM_HEIGHT_CAP)

    const bottom = spacerHeight(g) - VIEWPORT
    const first = firstRowAt(bottom, g)
    expect(first).toBe(maxFirstRow(g))
    const { to } = visibleRows(first, g, 0)
    expect(to).toBe(10_000_000)
    // The last row sits whole at the viewport's bottom edge.
    expect(rowTop(9_999_999, first, bottom, g) + ROW).toBeCloseTo(bottom + VIEWPORT, 6)
  })

  it('maps the scroll position to rows by fraction, and back, when scaled', () => {
    const g = rows(10_000_000)
    const bottom = spacerHeight(g) - VIEWPORT
    expect(firstRowAt(0, g)).toBe(0)
    expect(firstRowAt(bottom / 2, g)).toBeCloseTo(maxFirstRow(g) / 2, 6)
    for (const row of [0, 1, 12_345, 5_000_000, 9_999_980]) {
      expect(firstRowAt(scrollTopFor(row, g), g)).toBeCloseTo(row, 6)
    }
    // Rows sit one under the other from the viewport's top, wherever the view is.
    const first = 5_000_000.25
    const top = scrollTopFor(first, g)
    expect(rowTop(5_000_001, first, top, g) - rowTop(5_000_000, first, top, g)).toBe(ROW)
    expect(rowTop(5_000_000, first, top, g)).toBeCloseTo(top - 0.25 * ROW, 6)
  })

  it('renders only the rows in view and a few more', () => {
    const g = rows(10_000_000)
    expect(visibleRows(1_000_000.5, g, 4)).toEqual({ from: 999_996, to: 1_000_025 })
    expect(visibleRows(0, rows(3), 4)).toEqual({ from: 0, to: 3 })
    expect(visibleRows(0, rows(0), 4)).toEqual({ from: 0, to: 0 })
  })

  it('moves the view as little as needed to show a row whole', () => {
    const g = rows(1000)
    expect(revealRow(5, 0, g)).toBe(0)
    expect(revealRow(20, 0, g)).toBe(1)
    expect(revealRow(3, 10, g)).toBe(3)
    expect(revealRow(999, 0, g)).toBe(maxFirstRow(g))
  })
})

describe('the grid’s cache of row windows', () => {
  const fetched = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, offset) => [`row ${from + offset}`])

  it('asks for one aligned span covering what is missing, and nothing once it is there', () => {
    const cache = new RowCache()
    expect(cache.missing(95, 130, 10_000)).toEqual({ from: 0, to: 200 })
    cache.put(0, fetched(0, 200))
    expect(cache.missing(95, 130, 10_000)).toBeNull()
    expect(cache.row(150)).toEqual(['row 150'])
    expect(cache.missing(150, 260, 10_000)).toEqual({ from: 200, to: 300 })
  })

  it('never asks past the end of the view, and counts a short last block as whole', () => {
    const cache = new RowCache()
    expect(cache.missing(0, 40, 30)).toEqual({ from: 0, to: 30 })
    cache.put(0, fetched(0, 30))
    expect(cache.missing(0, 40, 30)).toBeNull()
    // The view grew (the file is indexed): the head's short block is no longer whole.
    expect(cache.missing(0, 40, 1000)).toEqual({ from: 0, to: BLOCK_ROWS })
    expect(cache.missing(50, 60, 40)).toBeNull()
  })

  it('asks for at most 1000 rows at a time', () => {
    expect(new RowCache().missing(0, 5000, 10_000)).toEqual({ from: 0, to: 1000 })
  })

  it('forgets the least recently wanted blocks beyond its size', () => {
    const cache = new RowCache(2)
    for (const from of [0, 100, 200]) {
      cache.put(from, fetched(from, from + 100))
      if (from === 100) cache.missing(0, 10, 1000) // wants block 0 again
    }
    expect(cache.row(5)).toEqual(['row 5'])
    expect(cache.row(105)).toBeUndefined()
    expect(cache.row(205)).toEqual(['row 205'])
  })
})
