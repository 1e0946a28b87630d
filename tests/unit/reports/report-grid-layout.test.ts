import { describe, expect, it } from 'vitest'
import {
  initialLayout,
  moveColumn,
  shownColumns,
  togglePinned,
} from '../../../renderer/src/features/reports/table/column-layout'
import { isIdentifier, keyColumnsFirst } from '../../../preload/contract/reports/key-columns'
import { TRANSACTIONS_HEADER } from '../../fixtures/query-transactions'
import { savedLayout } from '../../../renderer/src/features/reports/table/saved-column-layouts'

// The spec's transactions report, with a Status column as some gateways add.
const SPEC_COLUMNS = [...TRANSACTIONS_HEADER, 'Status']
const named = (order: number[]) => order.map((column) => SPEC_COLUMNS[column])

describe('a transactions report opens with its key columns first', () => {
  it('orders id, date, type, status, amount, currency, then the rest as in the file', () => {
    expect(named(initialLayout(SPEC_COLUMNS, []).order)).toEqual([
      'Transaction_id',
      'Created_date',
      'Transaction_type',
      'Status',
      'Amount',
      'Currency',
      'Merchant_Name',
      'Merchant_OID',
      'Order_description',
      'Date_of_report',
    ])
  })

  it('matches the names ignoring case and separators, and pins the identifier', () => {
    const columns = ['note', 'AMOUNT', 'transaction id', 'currency']
    const layout = initialLayout(columns, [])
    expect(layout.order).toEqual([2, 1, 3, 0])
    expect(layout.pinned).toEqual([2])
  })

  it('keeps a report without key columns in the file’s order, nothing pinned', () => {
    const layout = initialLayout(['a', 'b', 'c'], [])
    expect(layout.order).toEqual([0, 1, 2])
    expect(layout.pinned).toEqual([])
    expect(keyColumnsFirst([])).toEqual([])
  })

  it('tells identifiers, which are not grouped, from other numbers', () => {
    for (const name of ['Transaction_id', 'Merchant_OID', 'id', 'orderId', 'Terminal ID']) {
      expect(isIdentifier(name), name).toBe(true)
    }
    for (const name of ['Amount', 'Paid', 'Valid', 'Fee'])
      expect(isIdentifier(name), name).toBe(false)
  })
})

describe('pinned columns', () => {
  const start = () => initialLayout(SPEC_COLUMNS, [])

  it('pins after those pinned already, and keeps pinned columns first', () => {
    const amount = SPEC_COLUMNS.indexOf('Amount')
    const pinned = togglePinned(start(), amount)
    expect(pinned.pinned).toEqual([1, amount])
    expect(named(pinned.order).slice(0, 3)).toEqual(['Transaction_id', 'Amount', 'Created_date'])
    const orderOnly = togglePinned(pinned, SPEC_COLUMNS.indexOf('Order_description'))
    expect(named(orderOnly.order).slice(0, 3)).toEqual([
      'Transaction_id',
      'Amount',
      'Order_description',
    ])
  })

  it('unpins to the first place among the scrolling columns', () => {
    const amount = SPEC_COLUMNS.indexOf('Amount')
    const unpinned = togglePinned(togglePinned(start(), amount), 1)
    expect(unpinned.pinned).toEqual([amount])
    expect(named(unpinned.order).slice(0, 2)).toEqual(['Amount', 'Transaction_id'])
  })

  it('never lets a drag put a scrolling column among the pinned ones', () => {
    const layout = start()
    const last = layout.order.length - 1
    const moved = moveColumn(layout, last, 0)
    expect(named(moved.order).slice(0, 2)).toEqual(['Transaction_id', 'Date_of_report'])
    expect(shownColumns(moved)[0]).toBe(1)
  })

  it('restores a layout saved before pinning as none pinned', () => {
    const items = new Map<string, string>()
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    }
    const layout = { order: [1, 0], hidden: [], widths: [100, 100] }
    const saved = { [JSON.stringify(['a', 'b'])]: { layout, usedAt: 1 } }
    storage.setItem('gatedesk.reportColumnLayouts', JSON.stringify(saved))
    expect(savedLayout(['a', 'b'], storage)).toEqual({ ...layout, pinned: [] })
  })
})
