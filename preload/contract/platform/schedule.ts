import { addDays, addMonthsClamped, daysBetween, type IsoDay } from './calendar'

export type Period = 'day' | 'week' | 'month'

export interface ScheduleRule {
  period: Period
  interval: number
  startDate: IsoDay
}

/**
 * The date of charge `index` (0 is the start date). A month schedule counts every date from the
 * start, so 31 January goes to 28 February and then back to 31 March.
 */
export function scheduleDate(rule: ScheduleRule, index: number): IsoDay {
  const steps = index * rule.interval
  switch (rule.period) {
    case 'day':
      return addDays(rule.startDate, steps)
    case 'week':
      return addDays(rule.startDate, steps * 7)
    case 'month':
      return addMonthsClamped(rule.startDate, steps)
  }
}

/** The first scheduled date strictly after `day`. */
export function nextScheduleDateAfter(rule: ScheduleRule, day: IsoDay): IsoDay {
  const elapsed = daysBetween(rule.startDate, day)
  if (elapsed < 0) return rule.startDate
  const daysPerStep = { day: 1, week: 7, month: 31 }[rule.period] * rule.interval
  // A month has at most 31 days, so this index is never past the answer.
  let index = Math.floor(elapsed / daysPerStep)
  while (scheduleDate(rule, index) <= day) index++
  return scheduleDate(rule, index)
}
