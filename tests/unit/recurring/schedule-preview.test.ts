import { afterEach, describe, expect, it, vi } from 'vitest'
import { previewSchedule } from '../../../preload/contract/recurring/schedule-preview'
import { scheduleDate } from '../../../preload/contract/platform/schedule'
import { i18n } from '../../../renderer/src/platform/i18n'
import {
  scheduleSentence,
  stopRuleText,
} from '../../../renderer/src/features/recurring/schedule-preview-text'

// The window's i18n reads the saved language at import: none saved, an English-speaking OS.
vi.hoisted(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined })
  vi.stubGlobal('navigator', { languages: ['en-US'] })
})
afterEach(() => {
  i18n.global.locale.value = 'en'
})

const TODAY = '2026-11-23'

describe('the schedule preview', () => {
  it('reads the schedule in words with the next charges of the sandbox’s own schedule', () => {
    const params = {
      period: 'week',
      interval: '2',
      'start-date': '01.12.2026',
      'finish-date': '01.06.2027',
      'max-repeats-number': '12',
    }
    const preview = previewSchedule(params, TODAY, 'SRC')!
    expect(preview.nextCharges).toEqual([
      '2026-12-01',
      '2026-12-15',
      '2026-12-29',
      '2027-01-12',
      '2027-01-26',
    ])
    const rule = { period: 'week' as const, interval: 2, startDate: '2026-12-01' }
    expect(preview.nextCharges).toEqual([0, 1, 2, 3, 4].map((i) => scheduleDate(rule, i)))
    expect(scheduleSentence(preview, TODAY)).toBe(
      'Every 2 weeks from 01.12.2026 until 01.06.2027, at most 12 charges in all; next charges: 01.12, 15.12, 29.12, 12.01.2027, 26.01.2027 …',
    )
    expect(preview.stopRules).toEqual([
      'stops-at-finish',
      'stops-at-max-repeats',
      'stopped-stays-stopped',
    ])
    expect(stopRuleText('stops-at-finish', preview)).toBe(
      'No charge after 01.06.2027: the profile stops when its finish date is reached.',
    )
  })

  it('counts from today when the start date has passed, clamping month ends as the sandbox does', () => {
    const preview = previewSchedule(
      { period: 'month', interval: '1', 'start-date': '31.08.2026' },
      TODAY,
    )!
    expect(preview.nextCharges).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ])
    expect(preview.more).toBe(true)
  })

  it('stops listing at the finish date and at max repeats', () => {
    const byFinish = previewSchedule(
      { period: 'day', interval: '1', 'start-date': '24.11.2026', 'finish-date': '26.11.2026' },
      TODAY,
    )!
    expect(byFinish.nextCharges).toEqual(['2026-11-24', '2026-11-25', '2026-11-26'])
    expect(byFinish.more).toBe(false)
    const byRepeats = previewSchedule(
      { period: 'day', interval: '1', 'start-date': '24.11.2026', 'max-repeats-number': '1' },
      TODAY,
    )!
    expect(scheduleSentence(byRepeats, TODAY)).toBe(
      'Every day from 24.11.2026, at most 1 charge in all; next charge: 24.11',
    )
  })

  it('explains that a finish date of today or earlier stops an SRC profile at once', () => {
    const src = previewSchedule({ 'finish-date': '23.11.2026' }, TODAY, 'SRC')!
    expect(src.stopRules).toEqual(['stops-now'])
    expect(src.nextCharges).toEqual([])
    expect(stopRuleText('stops-now', src)).toContain(
      'an SRC profile stops as soon as this update is applied',
    )
    expect(scheduleSentence(src, TODAY)).toBe(
      'On the profile’s current period from the profile’s current start date until 23.11.2026',
    )
    expect(previewSchedule({ 'finish-date': '01.01.2026' }, TODAY, 'DST')!.stopRules).toEqual([
      'refused-for-other-types',
    ])
    expect(previewSchedule({ 'finish-date': '01.01.2026' }, TODAY)!.stopRules).toEqual([
      'stops-now',
      'refused-for-other-types',
    ])
  })

  it('reads naturally in Russian, with Russian plural forms', () => {
    i18n.global.locale.value = 'ru'
    const params = {
      period: 'week',
      interval: '2',
      'start-date': '01.12.2026',
      'finish-date': '01.06.2027',
      'max-repeats-number': '12',
    }
    const preview = previewSchedule(params, TODAY, 'SRC')!
    expect(scheduleSentence(preview, TODAY)).toBe(
      'Каждые 2 недели с 01.12.2026 по 01.06.2027, не более 12 списаний; ближайшие списания: 01.12, 15.12, 29.12, 12.01.2027, 26.01.2027 …',
    )
    expect(stopRuleText('stops-at-finish', preview)).toBe(
      'После 01.06.2027 списаний не будет: профиль остановится по достижении даты окончания.',
    )
    const once = previewSchedule(
      { period: 'day', interval: '1', 'start-date': '24.11.2026', 'max-repeats-number': '1' },
      TODAY,
    )!
    expect(scheduleSentence(once, TODAY)).toBe(
      'Каждый день с 24.11.2026, не более 1 списания; ближайшее списание: 24.11',
    )
    const fiveMonths = previewSchedule({ period: 'month', interval: '5' }, TODAY)!
    expect(scheduleSentence(fiveMonths, TODAY)).toMatch(/^Каждые 5 месяцев с текущей даты начала/)
  })

  it('shows nothing for an update that leaves the schedule alone', () => {
    expect(previewSchedule({ amount: '10.00' }, TODAY)).toBeNull()
  })
})
