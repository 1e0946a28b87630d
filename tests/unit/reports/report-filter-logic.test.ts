import { describe, expect, it } from 'vitest'
import type { ColumnFilter, ColumnType } from '../../../preload/contract/reports/report-view'
import {
  normalBound,
  rangeProblems,
} from '../../../renderer/src/features/reports/table/filter-bounds'
import { filterChipText } from '../../../renderer/src/features/reports/table/filter-chips'
import { groupDigits } from '../../../renderer/src/features/reports/table/view-format'
import { en } from '../../../preload/contract/locales/en'
import { createI18n } from 'vue-i18n'

const decimal: ColumnType = { kind: 'decimal', scale: 2 }
const date: ColumnType = { kind: 'date' }
const timestamp: ColumnType = { kind: 'timestamp' }

describe('range bounds as typed in the filter popover', () => {
  it('reads a decimal comma and grouped digits as the engine needs them', () => {
    expect(normalBound(' 1 234,50 ', decimal)).toBe('1234.50')
    expect(normalBound(' 15.03.2024 ', date)).toBe('15.03.2024')
  })

  it('says what each bound must look like, by the column type', () => {
    expect(rangeProblems('ten', '', decimal)).toEqual({ min: 'number', max: null })
    expect(rangeProblems('', '31.02.2024', date)).toEqual({ min: null, max: 'date' })
    expect(rangeProblems('2024-03-15 25:00', '15.03.2024 14:30', timestamp)).toEqual({
      min: 'timestamp',
      max: null,
    })
    expect(rangeProblems('-1.5', '2024', decimal)).toEqual({ min: null, max: null })
  })

  it('finds From after To exactly, a day alone as To being that whole day', () => {
    expect(rangeProblems('9007199254740993.01', '9007199254740993', decimal).max).toBe('order')
    expect(rangeProblems('9007199254740993', '9007199254740993.01', decimal).max).toBeNull()
    expect(rangeProblems('16.03.2024', '15.03.2024', date).max).toBe('order')
    expect(rangeProblems('15.03.2024 14:30', '2024-03-15', timestamp).max).toBeNull()
    expect(rangeProblems('2024-03-16', '15.03.2024 23:59', timestamp).max).toBe('order')
  })
})

describe('the chip of a filter', () => {
  const i18n = createI18n({ legacy: false, locale: 'en', messages: { en } })
  const t = (key: string, params: Record<string, string | number>) => i18n.global.t(key, params)

  it('names the column and what it keeps, a long list cut short', () => {
    const oneOf: ColumnFilter = {
      kind: 'oneOf',
      column: 0,
      values: ['approved', '', 'declined', 'pending'],
    }
    expect(filterChipText(oneOf, 'Status', t)).toBe(
      'Status: approved, (empty), declined and 1 more',
    )
    expect(filterChipText({ kind: 'range', column: 1, min: '10', max: '50' }, 'Amount', t)).toBe(
      'Amount: 10 – 50',
    )
    const above = { kind: 'range', column: 1, min: '10', minExclusive: true } as const
    expect(filterChipText(above, 'Amount', t)).toBe('Amount > 10')
    const grouped = (value: string) => groupDigits(value, 'en')
    const range: ColumnFilter = { kind: 'range', column: 1, min: '1000.5', max: '20000' }
    expect(filterChipText(range, 'Amount', t, grouped)).toBe('Amount: 1,000.5 – 20,000')
    const long = 'x'.repeat(40)
    expect(filterChipText({ kind: 'contains', column: 2, value: long }, 'Email', t)).toBe(
      `Email contains "${'x'.repeat(23)}…"`,
    )
  })
})
