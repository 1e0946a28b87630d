import { describe, expect, it } from 'vitest'
import { estimatedWidths } from '../../../renderer/src/features/reports/table/column-layout'
import {
  PIVOT_FIT_ROWS,
  pivotColumnWidths,
} from '../../../renderer/src/features/reports/table/pivot-column-widths'

// 7.5 px a character (estimatedWidths), and 18 px of padding, border and room.
const px = (characters: number) => Math.ceil(characters * 7.5 + 18)

describe('the widths of a pivot’s columns', () => {
  it('fit the widest value as shown, and the widest word of the header, which wraps', () => {
    const header = ['Created_date by day', 'Currency', 'Rows', 'Sum of Amount', 'Net EUR']
    const rows = [
      ['Nov 2, 2026', 'EUR', '9', '1,893.54', '631.18'],
      ['Nov 12, 2026', 'USD', '10', '307.10', ''],
    ]
    expect(pivotColumnWidths(header, rows, estimatedWidths)).toEqual([
      { width: px('Nov 12, 2026'.length), cut: false },
      { width: px('Currency'.length), cut: false },
      // "Rows" and "10" need less than the least width.
      { width: 56, cut: false },
      { width: px('1,893.54'.length), cut: false },
      { width: px('631.18'.length), cut: false },
    ])
  })

  it('let a column name break after an underscore', () => {
    const [day] = pivotColumnWidths(['Transaction_created_date'], [['1']], estimatedWidths)
    expect(day).toEqual({ width: px('Transaction_'.length), cut: false })
  })

  it('cut a value wider than the widest column, and say so', () => {
    const long = 'a description of forty-five characters or so!'
    const [only] = pivotColumnWidths(['Order'], [[long]], estimatedWidths)
    expect(only).toEqual({ width: 240, cut: true })
  })

  it(`measure the first ${PIVOT_FIT_ROWS} rows only`, () => {
    const rows = Array.from({ length: PIVOT_FIT_ROWS }, () => ['short'])
    rows.push(['a value far down that would widen the column'])
    expect(pivotColumnWidths(['Key'], rows, estimatedWidths)).toEqual([
      { width: px('short'.length), cut: false },
    ])
  })
})
