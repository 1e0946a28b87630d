import { dottedDay, type IsoDay } from '../../../../preload/contract/platform/calendar'
import type {
  SchedulePreview,
  StopRule,
} from '../../../../preload/contract/recurring/schedule-preview'
import { everyText } from '../../platform/format/schedule-words'
import { i18n } from '../../platform/i18n'

const t = i18n.global.t

/** `every 2 weeks`, `every month`, or the profile's own rhythm when the update leaves it. */
function rhythm({ period, interval }: SchedulePreview): string {
  if (period === null && interval === null) return t('recurring.schedule.currentPeriod')
  if (period === null) return t('recurring.schedule.currentPeriods', interval!)
  if (interval === null) {
    return t('recurring.schedule.timesCurrentInterval', { every: everyText(1, period) })
  }
  return everyText(interval, period)
}

/** 01.12 within `today`'s year, 01.12.2027 beyond it. */
const shortDay = (day: IsoDay, today: IsoDay) =>
  day.slice(0, 4) === today.slice(0, 4) ? dottedDay(day).slice(0, 5) : dottedDay(day)

/**
 * The schedule in one sentence, in the window's language: "Every 2 weeks from 01.12.2026 until
 * 01.06.2027, at most 12 charges in all; next charges: 01.12, 15.12, 29.12 …".
 */
export function scheduleSentence(preview: SchedulePreview, today: IsoDay): string {
  const parts = [
    rhythm(preview),
    preview.startDate
      ? t('recurring.schedule.from', { date: dottedDay(preview.startDate) })
      : t('recurring.schedule.fromCurrent'),
  ]
  if (preview.finishDate) {
    parts.push(t('recurring.schedule.until', { date: dottedDay(preview.finishDate) }))
  }
  let sentence = parts.join(' ')
  if (preview.maxRepeats !== null) {
    sentence += `, ${t('recurring.schedule.atMost', preview.maxRepeats)}`
  }
  if (preview.nextCharges.length) {
    const days = preview.nextCharges.map((day) => shortDay(day, today)).join(', ')
    const one = preview.nextCharges.length === 1 && !preview.more
    sentence += `; ${t(one ? 'recurring.schedule.nextOne' : 'recurring.schedule.nextMany', { days })}`
    if (preview.more) sentence += ' …'
  }
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

/** Spec §3's stop rules where they apply, each in a sentence. */
export function stopRuleText(rule: StopRule, preview: SchedulePreview): string {
  return t(`recurring.schedule.stopRules.${rule}`, {
    finish: preview.finishDate ? dottedDay(preview.finishDate) : '',
    n: preview.maxRepeats ?? '',
  })
}
