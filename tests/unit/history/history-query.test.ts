import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  dayRange,
  noCriteria,
  sameCriteria,
  toQuery,
} from '../../../renderer/src/features/history/history-query'

/** Runs with the process in the given time zone (Node applies a changed TZ at once). */
function inZone(zone: string) {
  vi.stubEnv('TZ', zone)
  // Guards the test itself: were the zone not applied, the assertions below would prove nothing.
  expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone)
}

describe('the History date range sent to main', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('starts at local midnight of the first day and ends at local midnight after the last', () => {
    inZone('Pacific/Auckland')
    // 4 April 2026, 00:00 NZDT (UTC+13), and 5 April 15:30 NZST (UTC+12): daylight saving ends on
    // the 5th, so the range's end is an hour further from UTC midnight than its start.
    const first = Date.parse('2026-04-03T11:00:00Z')
    const last = Date.parse('2026-04-05T03:30:00Z')
    expect(dayRange(first, last)).toEqual({
      from: '2026-04-03T11:00:00.000Z',
      to: '2026-04-05T12:00:00.000Z',
    })
  })

  it('takes the day in local time, not in UTC', () => {
    inZone('Pacific/Auckland')
    // The last second of 3 April in Auckland (10:59:59 UTC): still the 3rd there.
    expect(
      dayRange(Date.parse('2026-04-03T10:59:59Z'), Date.parse('2026-04-03T10:59:59Z')),
    ).toEqual({ from: '2026-04-02T11:00:00.000Z', to: '2026-04-03T11:00:00.000Z' })
    // West of UTC: 1 March 2026, 20:00 in New York is already the 2nd in UTC.
    inZone('America/New_York')
    expect(
      dayRange(Date.parse('2026-03-02T01:00:00Z'), Date.parse('2026-03-02T01:00:00Z')),
    ).toEqual({ from: '2026-03-01T05:00:00.000Z', to: '2026-03-02T05:00:00.000Z' })
  })

  it('spans a 23-hour day whole when the clocks go forward', () => {
    inZone('America/New_York')
    const day = new Date(2026, 2, 8) // 8 March 2026: 02:00 EST becomes 03:00 EDT.
    expect(dayRange(day, day)).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    })
  })

  it.each(['UTC', 'Europe/Berlin', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Auckland'])(
    'in %s, gives the instants of the local midnights, across month and year ends',
    (zone) => {
      inZone(zone)
      const first = new Date(2025, 11, 31, 17, 45)
      const last = new Date(2026, 1, 28, 9)
      expect(dayRange(first, last)).toEqual({
        from: new Date(2025, 11, 31).toISOString(),
        to: new Date(2026, 2, 1).toISOString(),
      })
    },
  )
})

describe('the History query', () => {
  it('sends trimmed texts, and nothing for empty filters', () => {
    expect(toQuery(noCriteria())).toEqual({})
    expect(
      toQuery({ ...noCriteria(), text: '  100001 ', outcome: 'unknown', operation: null }),
    ).toEqual({ text: '100001', outcome: 'unknown' })
    expect(toQuery({ ...noCriteria(), text: '   ', environmentId: 'env-1' })).toEqual({
      environmentId: 'env-1',
    })
  })

  it('sends the picked days as the range of instants', () => {
    const day = new Date(2026, 0, 15)
    expect(toQuery({ ...noCriteria(), days: [day.getTime(), day.getTime()] })).toEqual(
      dayRange(day, day),
    )
  })

  it('treats filters that search for the same thing as the same', () => {
    expect(sameCriteria(noCriteria(), { ...noCriteria(), text: '  ' })).toBe(true)
    expect(sameCriteria(noCriteria(), { ...noCriteria(), text: '1' })).toBe(false)
    expect(sameCriteria(noCriteria(), { ...noCriteria(), operation: 'custom-report' })).toBe(false)
  })
})
