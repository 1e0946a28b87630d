import { dottedDay, type IsoDay } from '../../../../preload/contract/calendar'
import type { SchedulePreview, StopRule } from '../../../../preload/contract/schedule-preview'

const UNITS = { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'] } as const

/** `every 2 weeks`, `every month`, or the profile's own rhythm when the update leaves it. */
function rhythm({ period, interval }: SchedulePreview): string {
  if (period === null && interval === null) return 'on the profile’s current period'
  if (period === null) return `every ${interval} of the profile’s current periods`
  if (interval === null) return `every ${UNITS[period][0]} (times the profile’s current interval)`
  return interval === 1 ? `every ${UNITS[period][0]}` : `every ${interval} ${UNITS[period][1]}`
}

/** 01.12 within `today`'s year, 01.12.2027 beyond it. */
const shortDay = (day: IsoDay, today: IsoDay) =>
  day.slice(0, 4) === today.slice(0, 4) ? dottedDay(day).slice(0, 5) : dottedDay(day)

/**
 * The schedule in one sentence: "every 2 weeks from 01.12.2026 until 01.06.2027, at most 12
 * charges; next charges: 01.12, 15.12, 29.12 …".
 */
export function scheduleSentence(preview: SchedulePreview, today: IsoDay): string {
  const start = preview.startDate
    ? `from ${dottedDay(preview.startDate)}`
    : 'from the profile’s current start date'
  const finish = preview.finishDate ? ` until ${dottedDay(preview.finishDate)}` : ''
  const max =
    preview.maxRepeats === null
      ? ''
      : `, at most ${preview.maxRepeats} ${preview.maxRepeats === 1 ? 'charge' : 'charges'} in all`
  const next = preview.nextCharges.length
    ? `; next ${preview.nextCharges.length === 1 && !preview.more ? 'charge' : 'charges'}: ${preview.nextCharges
        .map((day) => shortDay(day, today))
        .join(', ')}${preview.more ? ' …' : ''}`
    : ''
  const sentence = `${rhythm(preview)} ${start}${finish}${max}${next}`
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

/** Spec §3's stop rules where they apply, each in a sentence. */
export function stopRuleText(rule: StopRule, preview: SchedulePreview): string {
  const finish = preview.finishDate ? dottedDay(preview.finishDate) : ''
  switch (rule) {
    case 'stops-now':
      return `The finish date ${finish} is today or earlier: an SRC profile stops as soon as this update is applied, with no further charges.`
    case 'refused-for-other-types':
      return 'A running DST or native profile refuses a finish date of today or earlier: only SRC schedules can be stopped through the API.'
    case 'stops-at-finish':
      return `No charge after ${finish}: the profile stops when its finish date is reached.`
    case 'stops-at-max-repeats':
      return `The profile stops when its repeat counter reaches ${preview.maxRepeats}. Every attempt counts, failed ones and those made before this update too (the first charge has index 0); an SRC profile that has already made that many stops at once.`
    case 'stopped-stays-stopped':
      return 'A stopped profile stays stopped when it is rescheduled: only Resume in the gateway’s user interface restarts it.'
  }
}
