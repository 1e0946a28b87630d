import { describe, expect, it } from 'vitest'
import {
  initialLayout,
  moveItem,
  shownColumns,
  toggleHidden,
} from '../../../renderer/src/features/reports/table/column-layout'
import {
  allCells,
  bounds,
  clampSelection,
  moveTarget,
  moveTo,
  single,
} from '../../../renderer/src/features/reports/table/selection'
import {
  forgetLayout,
  SAVED_LAYOUTS_MAX,
  savedLayout,
  saveLayout,
} from '../../../renderer/src/features/reports/table/saved-column-layouts'
import { nextSort } from '../../../renderer/src/features/reports/table/sort-keys'
import type { UnitWording } from '../../../preload/contract/locales/unit-wording'
import { createAppI18n } from '../../../renderer/src/platform/i18n/create'
import { groupDigits, showingText } from '../../../renderer/src/features/reports/table/view-format'

describe('sorting by a header click', () => {
  it('cycles ascending, descending, unsorted', () => {
    const asc = nextSort([], 4, false)
    expect(asc).toEqual([{ column: 4, descending: false }])
    const desc = nextSort(asc, 4, false)
    expect(desc).toEqual([{ column: 4, descending: true }])
    expect(nextSort(desc, 4, false)).toEqual([])
  })

  it('sorts by the clicked column alone, unless Shift adds it as the next key', () => {
    const byAmount = [{ column: 4, descending: false }]
    expect(nextSort(byAmount, 5, false)).toEqual([{ column: 5, descending: false }])
    const both = nextSort(byAmount, 5, true)
    expect(both).toEqual([
      { column: 4, descending: false },
      { column: 5, descending: false },
    ])
    // Shift+click cycles a key in its place, and drops it after descending.
    const flipped = nextSort(both, 4, true)
    expect(flipped).toEqual([
      { column: 4, descending: true },
      { column: 5, descending: false },
    ])
    expect(nextSort(flipped, 4, true)).toEqual([{ column: 5, descending: false }])
  })
})

describe('selecting cells with the keys', () => {
  const size = { rowCount: 1_000_000, colCount: 9, pageRows: 20 }

  it('moves by arrows and pages, and stops at the edges', () => {
    const at = { row: 10, col: 3 }
    expect(moveTarget(at, 'ArrowDown', false, size)).toEqual({ row: 11, col: 3 })
    expect(moveTarget(at, 'ArrowLeft', false, size)).toEqual({ row: 10, col: 2 })
    expect(moveTarget(at, 'PageDown', false, size)).toEqual({ row: 30, col: 3 })
    expect(moveTarget(at, 'PageUp', false, size)).toEqual({ row: 0, col: 3 })
    expect(moveTarget({ row: 0, col: 8 }, 'ArrowRight', false, size)).toEqual({ row: 0, col: 8 })
    expect(moveTarget(at, 'x', false, size)).toBeNull()
  })

  it('goes to the row’s ends with Home and End, and the grid’s with Ctrl', () => {
    const at = { row: 10, col: 3 }
    expect(moveTarget(at, 'Home', false, size)).toEqual({ row: 10, col: 0 })
    expect(moveTarget(at, 'End', false, size)).toEqual({ row: 10, col: 8 })
    expect(moveTarget(at, 'Home', true, size)).toEqual({ row: 0, col: 0 })
    expect(moveTarget(at, 'End', true, size)).toEqual({ row: 999_999, col: 8 })
  })

  it('extends from the anchor with Shift, and gives the rectangle to copy', () => {
    const start = single({ row: 5, col: 1 })
    const range = moveTo(start, { row: 2, col: 3 }, true)
    expect(bounds(range, 9)).toEqual({ rowFrom: 2, rowTo: 6, colFrom: 1, colTo: 4 })
    expect(moveTo(range, { row: 7, col: 0 }, false)).toEqual(single({ row: 7, col: 0 }))
    expect(bounds(allCells(size), 9)).toEqual({
      rowFrom: 0,
      rowTo: 1_000_000,
      colFrom: 0,
      colTo: 9,
    })
  })

  it('keeps a selection within a smaller view', () => {
    const range = moveTo(single({ row: 500, col: 8 }), { row: 900, col: 8 }, true)
    expect(clampSelection(range, { rowCount: 600, colCount: 4, pageRows: 20 })).toEqual({
      anchor: { row: 500, col: 3 },
      focus: { row: 599, col: 3 },
      wholeRows: false,
    })
    expect(clampSelection(range, { rowCount: 0, colCount: 4, pageRows: 20 })).toBeNull()
  })
})

describe('the columns’ layout', () => {
  it('starts wide enough for the header and the first values, within bounds', () => {
    const layout = initialLayout(['Id', 'Order_description'], [['1', 'x'.repeat(500)]])
    expect(layout.order).toEqual([0, 1])
    expect(layout.widths[0]).toBeGreaterThanOrEqual(48)
    expect(layout.widths[1]).toBe(360)
  })

  it('moves, hides and shows columns, and never hides the last one shown', () => {
    let layout = initialLayout(['a', 'b', 'c'], [])
    layout = { ...layout, order: moveItem(layout.order, 2, 0) }
    expect(layout.order).toEqual([2, 0, 1])
    layout = toggleHidden(layout, 0)
    expect(shownColumns(layout)).toEqual([2, 1])
    layout = toggleHidden(toggleHidden(layout, 1), 2)
    expect(shownColumns(layout)).toEqual([2])
    expect(shownColumns(toggleHidden(layout, 0))).toEqual([2, 0])
  })
})

describe('numbers as the table writes them', () => {
  it('groups exact decimal sums without rounding them', () => {
    expect(groupDigits('12345678901234567890.125', 'en')).toBe('12,345,678,901,234,567,890.125')
    expect(groupDigits('-1000', 'en')).toBe('-1,000')
    expect(groupDigits('999.5', 'en')).toBe('999.5')
    expect(groupDigits('n/a', 'en')).toBe('n/a')
  })

  it('groups and separates decimals as Russian writes them', () => {
    expect(groupDigits('-12345678.125', 'ru')).toBe('-12\u00a0345\u00a0678,125')
  })

  const wording = (locale: 'en' | 'ru') => createAppI18n(locale).global as unknown as UnitWording

  it('says how many rows the view shows of the file', () => {
    const english = wording('en')
    expect(showingText(english, 412, 1_000_000, false)).toBe('Showing 412 of 1,000,000 rows')
    expect(showingText(english, 1, 1, false)).toBe('Showing 1 of 1 row')
    expect(showingText(english, 100, null, true)).toBe(
      'Showing the first 100 rows; reading the file…',
    )
    expect(showingText(english, 100, null, false)).toBe('Showing the first 100 rows')
  })

  it('says it in Russian, with the plural form each count takes', () => {
    const russian = wording('ru')
    expect(showingText(russian, 412, 1_000_000, false)).toBe(
      'Показано 412 из 1\u00a0000\u00a0000 строк',
    )
    expect(showingText(russian, 7, 21, false)).toBe('Показано 7 из 21 строки')
    expect(showingText(russian, 3, 3, false)).toBe('Показано 3 из 3 строк')
    expect(showingText(russian, 100, null, true)).toBe(
      'Показаны первые 100 строк; файл ещё читается…',
    )
    expect(showingText(russian, 2, null, false)).toBe('Показаны первые 2 строки')
  })
})

describe('column layouts kept per report header', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>()
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      items,
    }
  }
  const header = ['Transaction_id', 'Amount', 'Currency']
  const arranged = { order: [2, 0, 1], hidden: [0], widths: [200, 90, 70], pinned: [2] }

  it('restores a layout for the same header only', () => {
    const storage = memoryStorage()
    expect(savedLayout(header, storage)).toBeNull()
    saveLayout(header, arranged, storage)
    expect(savedLayout([...header], storage)).toEqual(arranged)
    expect(savedLayout(['Transaction_id', 'Amount', 'Currency', 'Status'], storage)).toBeNull()
    expect(savedLayout(['Amount', 'Transaction_id', 'Currency'], storage)).toBeNull()
    forgetLayout(header, storage)
    expect(savedLayout(header, storage)).toBeNull()
  })

  it('ignores a saved layout that does not fit, or storage it cannot read', () => {
    const storage = memoryStorage()
    const key = 'gatedesk.reportColumnLayouts'
    const stored = (layout: unknown) =>
      storage.setItem(key, JSON.stringify({ [JSON.stringify(header)]: { layout, usedAt: 1 } }))
    for (const broken of [
      { ...arranged, order: [0, 1] },
      { ...arranged, order: [0, 0, 1] },
      { ...arranged, order: [0, 1, 3] },
      { ...arranged, hidden: [0, 1, 2] },
      { ...arranged, widths: [1, 2] },
      { ...arranged, widths: [1, 'wide', 3] },
      { ...arranged, pinned: [7] },
      null,
    ]) {
      stored(broken)
      expect(savedLayout(header, storage), JSON.stringify(broken)).toBeNull()
    }
    storage.setItem(key, '{not json')
    expect(savedLayout(header, storage)).toBeNull()
    // Widths edited out of range come back within the table's limits.
    stored({ ...arranged, widths: [1, 100_000, 70] })
    expect(savedLayout(header, storage)?.widths).toEqual([48, 960, 70])
  })

  it(`keeps the ${SAVED_LAYOUTS_MAX} most recently arranged kinds of report`, () => {
    const storage = memoryStorage()
    for (let kind = 0; kind <= SAVED_LAYOUTS_MAX; kind++) {
      saveLayout(
        [`Column of kind ${kind}`],
        { order: [0], hidden: [], widths: [100], pinned: [] },
        storage,
        kind,
      )
    }
    expect(savedLayout(['Column of kind 0'], storage)).toBeNull()
    expect(savedLayout(['Column of kind 1'], storage)).not.toBeNull()
    expect(savedLayout([`Column of kind ${SAVED_LAYOUTS_MAX}`], storage)).not.toBeNull()
  })
})
