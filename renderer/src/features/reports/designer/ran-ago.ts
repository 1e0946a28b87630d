import { formatTimeAgo } from '../../../platform/format/date-time'
import { i18n } from '../../../platform/i18n'

/** "just now", "5 minutes ago", "yesterday"… for a time in the past; "never" for none. */
export function ranAgo(iso: string | null, now = Date.now()): string {
  if (!iso) return i18n.global.t('reports.templates.never')
  if ((now - Date.parse(iso)) / 1000 < 45) return i18n.global.t('reports.templates.justNow')
  return formatTimeAgo(iso, now)
}
