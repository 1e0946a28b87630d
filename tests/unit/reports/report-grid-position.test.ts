import { describe, expect, it } from 'vitest'
import { viewPosition } from '../../../main/reports/report-grid-handlers'
import type { ReportSession } from '../../../main/reports/report-session'
import type { ViewQuery } from '../../../preload/contract/reports/report-view'

/** A session whose view holds the file's rows `ids`, in that order, after `query`. */
const session = (ids: number[] | null, query: ViewQuery, fileRows = 10) =>
  ({
    state: () => ({
      rowCount: ids?.length ?? fileRows,
      fileRowCount: fileRows,
      problems: [],
      problemCount: 0,
      query,
    }),
    rowIds: async (from: number, to: number) => Uint32Array.from(ids ?? []).subarray(from, to),
  }) as unknown as ReportSession

describe('where a file’s row is in the view, for a problem clicked', () => {
  it('is its id when the view is the file as it is', async () => {
    const plain = session(null, { sort: [], filters: [] })
    expect(await viewPosition(plain, 7)).toBe(7)
    expect(await viewPosition(plain, 10)).toBeNull()
  })

  it('is its place in a sorted view, and none when a filter or the search leaves it out', async () => {
    const sorted = session([4, 9, 0, 2], { sort: [{ column: 1, descending: true }], filters: [] })
    expect(await viewPosition(sorted, 0)).toBe(2)
    expect(await viewPosition(sorted, 9)).toBe(1)
    const searched = session([3, 5], { sort: [], filters: [], search: 'ab' })
    expect(await viewPosition(searched, 5)).toBe(1)
    expect(await viewPosition(searched, 4)).toBeNull()
  })
})
