import { describe, expect, it } from 'vitest'
import { historyParameters } from '../../../main/reports/report-run-record'
import { historyEntrySchema } from '../../../preload/contract/history/history-channels'
import { formatByteSize, formatDuration } from '../../../preload/contract/platform/readable-units'
import { REQUEST_JSON_PARAMETER } from '../../../preload/contract/reports/report-run-channels'
import { reportRequest } from '../../fixtures/sandbox'

/** History's check of the parameters, as the window receives an entry. */
const fitsHistory = (parameters: readonly (readonly [string, string])[]) =>
  historyEntrySchema.shape.parameters.safeParse(parameters).success

describe('a report run as History keeps it', () => {
  it('has a row per field, input and filter given, and the whole request', () => {
    const request = reportRequest({
      inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom', value: '01.11.2026' }],
      filters: { currencies: ['EUR', 'USD'], gates: [], endpoints: [1001] },
    })
    const rows = historyParameters(request, 'Monthly')
    expect(rows).toEqual([
      ['template', 'Monthly'],
      ['reportIdentifier', 'transactions'],
      ['reportName', 'Transactions'],
      ['reportFormat', 'CSV'],
      ['reportEncode', 'UTF-8'],
      ['reportCsvDelimiter', ','],
      ['input dateFrom', '01.11.2026'],
      ['filters.endpoints', '1001'],
      ['filters.currencies', 'EUR, USD'],
      [REQUEST_JSON_PARAMETER, JSON.stringify(request)],
    ])
  })

  it('stays within what History shows however big the request, and says where the rest is', () => {
    const request = reportRequest({
      reportName: 'n'.repeat(256),
      inputReportParameters: Array.from({ length: 256 }, (_, i) => ({
        type: 'INPUT_TEXT',
        name: `parameter-with-a-long-name-${'x'.repeat(80)}-${i}`,
        value: 'v'.repeat(4096),
      })),
      filters: { merchants: Array.from({ length: 10_000 }, (_, i) => `merchant-${i}`) },
    })
    const rows = historyParameters(request, null)
    expect(fitsHistory(rows)).toBe(true)
    expect(rows.length).toBe(96)
    expect(rows.at(-1)).toEqual(['…', `167 more parameters: see ${REQUEST_JSON_PARAMETER}`])
    // Too long for History to keep whole: no JSON row, so History offers no "Run again".
    expect(rows.some(([name]) => name === REQUEST_JSON_PARAMETER)).toBe(false)
    expect(rows[6]![0]).toHaveLength(64)
  })
})

describe('sizes and durations in words', () => {
  it('reads as staff would say them', () => {
    expect(formatByteSize(1)).toBe('1 byte')
    expect(formatByteSize(429)).toBe('429 bytes')
    expect(formatByteSize(1_536_000)).toBe('1.54 MB')
    expect(formatByteSize(57_512_345)).toBe('57.5 MB')
    expect(formatByteSize(999_600)).toBe('1.00 MB')
    expect(formatByteSize(1_400_000_000)).toBe('1.40 GB')
    expect(formatDuration(340)).toBe('340 ms')
    expect(formatDuration(7_512)).toBe('7.5 s')
    expect(formatDuration(59_990)).toBe('1 min 0 s')
    expect(formatDuration(83_000)).toBe('1 min 23 s')
  })
})
