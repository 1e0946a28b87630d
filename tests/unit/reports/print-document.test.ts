import { describe, expect, it } from 'vitest'
import type { ColumnType } from '../../../preload/contract/reports/report-view'
import { paperFor } from '../../../preload/contract/reports/report-print'
import { printDocument, type PrintedView } from '../../../main/reports/print-document'

const HEADER = ['Transaction_id', 'Created_date', 'Transaction_type', 'Amount', 'Currency', 'Note']
const TYPES: ColumnType[] = [
  { kind: 'integer' },
  { kind: 'timestamp' },
  { kind: 'text' },
  { kind: 'decimal', scale: 2 },
  { kind: 'text' },
  { kind: 'text' },
]
const ROWS = [
  ['5000001', '2026-10-01 13:05:00', 'sale', '1234567.5', 'EUR', '<script>alert(1)</script>'],
  ['5000002', '2026-10-02 09:00:00', 'refund', '1500', 'JPY', '=cmd|" /C calc"!A0'],
  ['5000003', '2026-10-03 10:00:00', 'sale', '12.3456', 'KWD', 'Tom & "Jerry"'],
]

const view = (overrides: Partial<PrintedView> = {}): PrintedView => ({
  title: 'settlement-<b>.csv',
  printedAt: new Date(Date.UTC(2026, 10, 27, 7, 50)),
  language: 'en',
  dateLocale: 'en-GB',
  header: HEADER,
  columnTypes: TYPES,
  columns: [4, 3, 0, 1, 5],
  rows: ROWS,
  viewRows: ROWS.length,
  query: { sort: [{ column: 3, descending: true }], filters: [], search: 'EUR' },
  filters: ['Status: approved, declined'],
  totals: {
    rowCount: 3,
    amountByCurrency: [
      { currency: 'EUR', sum: '1234567.5', count: 1, net: '1234567.5' },
      { currency: 'JPY', sum: '1500', count: 1, net: '-1500' },
    ],
    countByType: [
      { type: 'sale', count: 2 },
      { type: 'refund', count: 1 },
    ],
    columnSums: [],
  },
  ...overrides,
})

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" }
const decode = (html: string) =>
  html.replace(/&(lt|gt|amp|quot|#39);/g, (_, name: string) => ENTITIES[name]!)

/** The elements `tag` in `html` (none nested in another of its kind): attributes and text. */
function elements(html: string, tag: string): { attributes: string; text: string; html: string }[] {
  const pattern = new RegExp(`<${tag}\\b([^>]*)>(.*?)</${tag}>`, 'gs')
  return [...html.matchAll(pattern)].map(([, attributes = '', inner = '']) => ({
    attributes,
    html: inner,
    text: decode(inner.replace(/<[^>]*>/g, '')),
  }))
}
const texts = (html: string, tag: string) => elements(html, tag).map((element) => element.text)
/** The part of the document from `start` to `end` (both markup the document writes). */
const between = (html: string, start: string, end: string) =>
  html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)))
const rowsTable = (html: string) => between(html, '<table data-rows>', '</table>')
const bodyRows = (html: string) =>
  elements(between(rowsTable(html), '<tbody>', '</tbody>'), 'tr').map((row) =>
    elements(row.html, 'td'),
  )

describe('printDocument', () => {
  it('heads the table with the chosen columns in the grid order, in a thead every page repeats', () => {
    const html = printDocument(view())
    const head = between(rowsTable(html), '<thead>', '</thead>')
    expect(texts(head, 'th')).toEqual([
      'Currency',
      'Amount',
      'Transaction_id',
      'Created_date',
      'Note',
    ])
    expect(html).toContain('thead { display: table-header-group; }')
    expect(bodyRows(html)).toHaveLength(3)
  })

  it("writes cells with the grid's formatter: currency minor units, grouping, dates; numbers right-aligned", () => {
    const html = printDocument(view())
    const rows = bodyRows(html)
    const cells = rows.map((row) => row.map((cell) => cell.text))
    expect(cells[0]!.slice(0, 4)).toEqual([
      'EUR',
      '1,234,567.50',
      '5000001',
      '1 Oct 2026, 13:05:00',
    ])
    expect(cells[1]![1]).toBe('1,500')
    expect(cells[2]![1]).toBe('12.346')
    expect(rows[0]![1]!.attributes).toBe(' class="number"')
    expect(rows[0]![0]!.attributes).toBe('')
    expect(elements(between(rowsTable(html), '<thead>', '</thead>'), 'th')[1]!.attributes).toBe(
      ' class="number"',
    )
  })

  it('writes numbers and words in Russian for a Russian window', () => {
    const html = printDocument(view({ language: 'ru', dateLocale: 'ru-RU' }))
    expect(bodyRows(html)[0]![1]!.text).toBe('1\u00a0234\u00a0567,50')
    expect(texts(html, 'h2')[0]).toContain('Итоги представления')
  })

  it('shows hostile cells as text: no markup, no script, a formula left as the words it is', () => {
    const html = printDocument(view())
    expect(html).not.toMatch(/<script|<b>/)
    const notes = bodyRows(html).map((row) => row.at(-1)!.text)
    expect(notes).toEqual(['<script>alert(1)</script>', '=cmd|" /C calc"!A0', 'Tom & "Jerry"'])
    expect(texts(html, 'h1')).toEqual(['settlement-<b>.csv'])
    // Its own policy allows no script even if one got in.
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    )
  })

  it('says when it was printed, and the filters, search and sort in words', () => {
    const about = texts(between(printDocument(view()), '<div class="about">', '</div>'), 'p')
    expect(about[0]).toMatch(/^Printed 27 Nov 2026, \d\d:50$/)
    expect(about.slice(1)).toEqual([
      'Filters: Status: approved, declined',
      'Search: “EUR”',
      'Sorted by Amount (Z→A, 9→0)',
    ])
  })

  it('notes the rows left out when the view is longer than the print', () => {
    const note = (html: string) =>
      elements(html, 'p').find((p) => p.attributes.includes('data-rows-note'))?.text
    expect(note(printDocument(view({ viewRows: 1_234_567 })))).toBe(
      'Rows 1–3 of 1,234,567: the print stops at 3 rows.',
    )
    expect(note(printDocument(view()))).toBe('3 rows')
  })

  it("ends with the view's totals: gross and net per currency at its minor units, rows per type", () => {
    const html = printDocument(view())
    const totals = between(html, '<section class="totals">', '</section>')
    expect(html.indexOf(totals)).toBeGreaterThan(html.indexOf('data-rows-note'))
    const table = (kind: string) => between(totals, `<table data-totals="${kind}">`, '</table>')
    const rows = (kind: string) =>
      elements(between(table(kind), '<tbody>', '</tbody>'), 'tr').map((row) =>
        texts(row.html, 'td'),
      )
    expect(texts(table('amount'), 'th')).toEqual(['Currency', 'Sum', 'Net', 'Rows'])
    expect(rows('amount')).toEqual([
      ['EUR', '1,234,567.50', '1,234,567.50', '1'],
      ['JPY', '1,500', '-1,500', '1'],
    ])
    expect(rows('types')).toEqual([
      ['sale', '2'],
      ['refund', '1'],
    ])
  })

  it('leaves the totals out when the report has none to show', () => {
    expect(printDocument(view({ totals: null }))).not.toContain('class="totals"')
  })
})

describe('paperFor', () => {
  it('is Letter in the United States and Canada, A4 elsewhere', () => {
    expect(paperFor('en-US')).toBe('Letter')
    expect(paperFor('en-CA')).toBe('Letter')
    expect(paperFor('en-GB')).toBe('A4')
    expect(paperFor('ru-RU')).toBe('A4')
    expect(paperFor('en')).toBe('A4')
  })
})
