import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkRequest } from '../../../preload/contract/templates/report-template'
import { REPORT_FILTER_NAMES } from '../../../preload/contract/reports/report-request'
import { en } from '../../../preload/contract/locales/en'
import { ru } from '../../../preload/contract/locales/ru'
import { i18n } from '../../../renderer/src/platform/i18n'
import { issuesAt } from '../../../renderer/src/features/reports/designer/field-issues'

// The window's i18n reads the saved language at import: none saved, an English-speaking OS.
vi.hoisted(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined })
  vi.stubGlobal('navigator', { languages: ['en-US'] })
})
afterEach(() => {
  i18n.global.locale.value = 'en'
})

const request = {
  reportIdentifier: 'transactions',
  reportEncode: 'UTF-8',
  reportName: 'Monthly',
  reportCsvDelimiter: ',',
  reportFormat: 'CSV',
  configurationReportParameters: [],
  inputReportParameters: [{ type: 'INPUT_TEXT', name: 'dateFrom' }],
  outputReportParameters: [],
  filters: { gates: ['7', ['nested']] },
}
const checked = checkRequest(request)
const issues = checked.ok ? [] : checked.issues

describe("the designer's problems inside a field", () => {
  it('name the part of a parameter by its column, not its JSON key: "Value: Missing…"', () => {
    expect(issuesAt(issues, 'inputReportParameters.0')).toEqual(['Value: Missing: write text here'])
    i18n.global.locale.value = 'ru'
    expect(issuesAt(issues, 'inputReportParameters.0')[0]).toMatch(/^Значение: /)
  })

  it('name an item of a filter list by its number from 1', () => {
    expect(issuesAt(issues, 'filters.gates')).toEqual([expect.stringMatching(/^Item 2: /)])
  })
})

describe("the designer's filter lists", () => {
  it('are named in words in both languages, not by their JSON keys', () => {
    expect(Object.keys(en.reportRequest.filters)).toEqual([...REPORT_FILTER_NAMES])
    for (const name of REPORT_FILTER_NAMES) {
      expect(en.reportRequest.filters[name]).not.toBe(name)
      expect(ru.reportRequest.filters[name]).toMatch(/^[А-Я]/)
    }
  })
})
