import type { Period } from '../../../../preload/contract/platform/schedule'
import { i18n } from '../i18n'

const t = i18n.global.t

/** "every 2 weeks" / «каждые 2 недели»; one period reads "every week" / «каждую неделю». */
export const everyText = (interval: number, period: Period): string =>
  interval === 1
    ? t(`common.schedule.every.${period}`)
    : t(`common.schedule.everyN.${period}`, interval)

/** "every month from 01.11.2026 to 01.11.2027", dates as given (DD.MM.YYYY). */
export function scheduleText(parts: {
  interval: number
  period: Period
  startDate: string
  finishDate: string | null
}): string {
  const every = everyText(parts.interval, parts.period)
  return parts.finishDate
    ? t('common.schedule.fromTo', { every, start: parts.startDate, finish: parts.finishDate })
    : t('common.schedule.from', { every, start: parts.startDate })
}

/** "10.00 EUR", "5.00–20.00 EUR (random)", "10.00, 12.50 EUR (sequence)". */
export function amountRuleText(
  rule: { kind: 'fixed' | 'range' | 'sequence'; amounts: readonly string[] },
  currency: string,
): string {
  const amounts = rule.amounts.join(rule.kind === 'range' ? '–' : ', ')
  return t(`common.amountRule.${rule.kind}`, { amounts, currency })
}
