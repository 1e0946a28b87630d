import { daysBetween, isoFromDotted, type IsoDay } from '../platform/calendar'
import type { RecurringProfileType } from './recurring-parameters'
import { nextScheduleDateAfter, type Period } from '../platform/schedule'

/** Why and when the schedule an update sets stops, in the terms of spec §3. */
export type StopRule =
  /** SRC: a finish date of today or earlier stops the profile as soon as the update is applied. */
  | 'stops-now'
  /** DST and native: a finish date of today or earlier is refused while the profile runs. */
  | 'refused-for-other-types'
  /** A finish date still to come: the profile stops when it is reached. */
  | 'stops-at-finish'
  /** The repeat counter, failed charges included, stops the profile when it reaches the ceiling. */
  | 'stops-at-max-repeats'
  /** Rescheduling never resumes a stopped profile; only Resume in the gateway does. */
  | 'stopped-stays-stopped'

export interface SchedulePreview {
  period: Period | null
  interval: number | null
  startDate: IsoDay | null
  finishDate: IsoDay | null
  maxRepeats: number | null
  /** The next charge dates from today, as the sandbox's schedule counts them; empty when unknown. */
  nextCharges: IsoDay[]
  /** More charges follow the ones listed. */
  more: boolean
  stopRules: StopRule[]
}

const SCHEDULE_PARAMETERS = [
  'period',
  'interval',
  'start-date',
  'finish-date',
  'max-repeats-number',
] as const

const PERIODS: readonly Period[] = ['day', 'week', 'month']
const WHOLE_NUMBER = /^\d{1,9}$/

const wholeNumber = (text: string | undefined) =>
  text !== undefined && WHOLE_NUMBER.test(text) && Number(text) > 0 ? Number(text) : null

/**
 * What the schedule parameters of an update (canonical names) would do, from `today`: the
 * schedule in words and its next `count` charge dates, computed by the sandbox's own schedule
 * code (schedule.ts). Null when the update changes no schedule parameter. A value that is not
 * valid counts as not given: the validation says what is wrong with it.
 */
export function previewSchedule(
  params: Readonly<Record<string, string>>,
  today: IsoDay,
  profileType?: RecurringProfileType,
  count = 5,
): SchedulePreview | null {
  if (!SCHEDULE_PARAMETERS.some((name) => params[name] !== undefined)) return null
  const period = PERIODS.find((p) => p === params['period']) ?? null
  const interval = wholeNumber(params['interval'])
  const startDate = isoFromDotted(params['start-date'] ?? '')
  const finishDate = isoFromDotted(params['finish-date'] ?? '')
  const maxRepeats = wholeNumber(params['max-repeats-number'])

  const nextCharges: IsoDay[] = []
  let more = false
  const finished = finishDate !== null && daysBetween(today, finishDate) <= 0
  if (period && interval && startDate && !finished) {
    const rule = { period, interval, startDate }
    // An auto schedule starting today charges today (spec §2.3); the first charge is the start.
    let next = startDate >= today ? startDate : nextScheduleDateAfter(rule, today)
    const limit = maxRepeats === null ? count : Math.min(count, maxRepeats)
    while (nextCharges.length < limit && (finishDate === null || next <= finishDate)) {
      nextCharges.push(next)
      next = nextScheduleDateAfter(rule, next)
    }
    more =
      nextCharges.length === limit &&
      (maxRepeats === null || maxRepeats > limit) &&
      (finishDate === null || next <= finishDate)
  }

  const stopRules: StopRule[] = []
  if (finished) {
    if (profileType !== 'DST' && profileType !== 'native') stopRules.push('stops-now')
    if (profileType !== 'SRC') stopRules.push('refused-for-other-types')
  } else if (finishDate !== null) {
    stopRules.push('stops-at-finish')
  }
  if (maxRepeats !== null) stopRules.push('stops-at-max-repeats')
  if (period || interval || startDate) stopRules.push('stopped-stays-stopped')
  return { period, interval, startDate, finishDate, maxRepeats, nextCharges, more, stopRules }
}
