import { describe, expect, it } from 'vitest'
import {
  markedParts,
  matches,
  nextMatch,
} from '../../../renderer/src/features/reports/table/search-match'

// Rows of a searched view for "ab": every row has a match somewhere.
const ROWS = [
  ['x', 'AB1', 'y', 'ab2'],
  ['cab', 'z', 'z', 'z'],
  ['z', 'z', 'z', 'hidden ab'],
]
const find = (
  from: { row: number; col: number } | null,
  backward = false,
  columns = [0, 1, 2, 3],
) =>
  nextMatch({ from, backward, rowCount: ROWS.length, columns, row: (i) => ROWS[i], needle: 'ab' })

describe('the quick search in the grid', () => {
  it('matches any case, as main’s search does', () => {
    expect(matches('Demo AB', 'ab')).toBe(true)
    expect(matches('Demo', 'ab')).toBe(false)
    expect(matches('ab', '')).toBe(false)
    expect(matches(undefined, 'ab')).toBe(false)
  })

  it('marks each match in a shown value', () => {
    expect(markedParts('Abcab', 'ab')).toEqual([
      { text: 'Ab', marked: true },
      { text: 'c', marked: false },
      { text: 'ab', marked: true },
    ])
    expect(markedParts('xyz', '')).toEqual([{ text: 'xyz', marked: false }])
  })

  it('jumps to the next matching cell with Enter, along the row then down, wrapping', () => {
    expect(find(null)).toEqual({ row: 0, col: 1 })
    expect(find({ row: 0, col: 1 })).toEqual({ row: 0, col: 3 })
    expect(find({ row: 0, col: 3 })).toEqual({ row: 1, col: 0 })
    expect(find({ row: 1, col: 0 })).toEqual({ row: 2, col: 3 })
    expect(find({ row: 2, col: 3 })).toEqual({ row: 0, col: 1 })
  })

  it('goes back with Shift+Enter', () => {
    expect(find(null, true)).toEqual({ row: 2, col: 3 })
    expect(find({ row: 0, col: 3 }, true)).toEqual({ row: 0, col: 1 })
    expect(find({ row: 0, col: 1 }, true)).toEqual({ row: 2, col: 3 })
  })

  it('skips a row whose match is in a hidden column, and lands on a row not loaded yet', () => {
    // Column 3 hidden: row 2 has no match on screen.
    expect(find({ row: 1, col: 0 }, false, [0, 1, 2])).toEqual({ row: 0, col: 1 })
    const unloaded = nextMatch({
      from: { row: 0, col: 3 },
      backward: false,
      rowCount: 100,
      columns: [0, 1, 2, 3],
      row: (i) => (i === 0 ? ROWS[0] : undefined),
      needle: 'ab',
    })
    expect(unloaded).toEqual({ row: 1, col: 0 })
  })
})
