import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cellWriter } from '../../../preload/contract/reports/cell-format'
import type { PivotRequest, PivotResult } from '../../../preload/contract/reports/report-pivot'
import { i18n } from '../../../renderer/src/platform/i18n'
import { formatDateTime, formatDay } from '../../../renderer/src/platform/format/date-time'
import { bucketLabel } from '../../../renderer/src/features/reports/table/bucket-label'
import { pivotChartData } from '../../../renderer/src/features/reports/table/pivot-chart-data'
import { pivotTable } from '../../../renderer/src/features/reports/table/pivot-rows'

// The window's i18n reads the saved language at import: none saved, an English-speaking OS.
vi.hoisted(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined })
  vi.stubGlobal('navigator', { languages: ['en-US'] })
})
// West of Greenwich: a day read as UTC midnight would show as the day before.
const zone = process.env['TZ']
process.env['TZ'] = 'America/New_York'
afterAll(() => {
  process.env['TZ'] = zone
})
beforeEach(() => {
  i18n.global.locale.value = 'en'
})

/** A date cell of the report as the grid writes it. */
const gridDay = (dotted: string) =>
  cellWriter(['Day'], [{ kind: 'date' }], 'en', { dateTime: formatDateTime, day: formatDay })(
    dotted,
    0,
    [dotted],
  )

describe("the pivot's date buckets", () => {
  it('read as the grid writes the same day, in the window language', () => {
    expect(bucketLabel('2026-11-02', 'day')).toBe(gridDay('02.11.2026'))
    expect(bucketLabel('2026-11-02', 'day')).toBe('Nov 2, 2026')
    expect(bucketLabel('2026-11-02', 'week')).toBe('Week of Nov 2, 2026')
    expect(bucketLabel('2026-11', 'month')).toBe('November 2026')
    i18n.global.locale.value = 'ru'
    expect(bucketLabel('2026-11-02', 'day')).toBe('2 нояб. 2026 г.')
    expect(bucketLabel('2026-11-02', 'week')).toBe('Неделя с 2 нояб. 2026 г.')
    expect(bucketLabel('2026-11', 'month')).toBe('ноябрь 2026 г.')
  })

  const request: PivotRequest = {
    groupBy: [{ column: 0, bucket: 'month' }, { column: 1, bucket: 'week' }, { column: 2 }],
    measures: [],
    netSigns: [],
  }
  const result: PivotResult = {
    moreGroups: false,
    groups: [
      { keys: ['2026-11', '2026-11-02', '2026-11'], count: 3, values: [], net: null },
      { keys: [null, null, 'EUR'], count: 1, values: [], net: null },
    ],
  }
  const words = {
    key: (column: string) => column,
    count: 'Rows',
    figure: (kind: string, column: string) => `${kind} ${column}`,
    net: (currency: string) => `Net ${currency}`,
    noDate: '(not a date)',
    bucketKey: bucketLabel,
  }

  it('head the rows of the table the panel shows and the export writes', () => {
    expect(pivotTable(result, request, ['Month', 'Week', 'Code'], words).rows).toEqual([
      // A key of a column not bucketed stays as it is, even when it looks like a month.
      ['November 2026', 'Week of Nov 2, 2026', '2026-11', '3'],
      ['(not a date)', '(not a date)', 'EUR', '1'],
    ])
  })

  it("label the chart's axis and its series", () => {
    const chart = pivotChartData(result, request, null, { ...words, all: 'all' })
    expect(chart.categories).toEqual(['November 2026', '(not a date)'])
    expect(chart.series.map((series) => series.name)).toEqual([
      'Week of Nov 2, 2026 · 2026-11',
      '(not a date) · EUR',
    ])
  })
})
