import { describe, expect, it } from 'vitest'
import {
  blankRequest,
  checkRequest,
  copyName,
  freeName,
  unknownFields,
} from '../../../preload/contract/templates/report-template'

describe('template names', () => {
  it('copies as "(copy)", "(copy 2)"… and a copy of a copy takes the next number', () => {
    expect(copyName('Weekly', [])).toBe('Weekly (copy)')
    expect(copyName('Weekly', ['weekly (COPY)'])).toBe('Weekly (copy 2)')
    expect(copyName('Weekly (copy)', ['Weekly (copy)', 'Weekly (copy 2)'])).toBe('Weekly (copy 3)')
    expect(copyName('x'.repeat(120), []).length).toBe(120)
  })

  it('finds a free name by counting on', () => {
    expect(freeName('New report', [])).toBe('New report')
    expect(freeName('New report', ['New report', 'new report 2'])).toBe('New report 3')
    expect(freeName('   ', [])).toBe('Report')
  })
})

describe('checking a request', () => {
  it('passes a blank request once it names its report, and names the fields GateDesk does not know', () => {
    expect(checkRequest(blankRequest())).toMatchObject({
      ok: false,
      issues: [{ path: 'reportIdentifier' }],
    })
    const request = { ...blankRequest(), reportIdentifier: 'transactions' }
    expect(checkRequest(request)).toEqual({ ok: true, request })
    expect(unknownFields({ ...request, note: 1, filters: { gates: [], shops: [] } })).toEqual([
      'note',
      'filters.shops',
    ])
  })
})

describe('what a request check says at each field', () => {
  it('words type, length and shape problems for a person', () => {
    const request = {
      ...blankRequest(),
      reportIdentifier: 'x'.repeat(129),
      reportName: undefined,
      reportFormat: 7,
      inputReportParameters: {},
      outputReportParameters: Array.from({ length: 257 }, () => ''),
      configurationReportParameters: [true],
      filters: { gates: [1.5] },
    }
    // Each with the code and values the window words it by (preload/contract/locales/explain.ts).
    expect(checkRequest(request)).toMatchObject({
      ok: false,
      issues: [
        { path: 'reportIdentifier', message: 'Too long: at most 128 characters' },
        { path: 'reportName', message: 'Missing: write text here' },
        {
          path: 'reportFormat',
          message: 'Must be text, not a number',
          messageCode: 'report.request.wrong-kind',
          params: { wanted: 'string', found: 'number' },
        },
        {
          path: 'configurationReportParameters.0',
          message: 'Must be text or an object of texts, not true',
        },
        { path: 'inputReportParameters', message: 'Must be a list [ … ], not an object' },
        { path: 'outputReportParameters', message: 'Too many: at most 256 items' },
        { path: 'filters.gates.0', message: 'Must be text or a whole number, not a number' },
      ],
    })
  })
})
