import { formatTimeAgo } from '../../../format/date-time'

/** "just now", "5 minutes ago", "yesterday"… for a time in the past; "never" for none. */
export function ranAgo(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never'
  if ((now - Date.parse(iso)) / 1000 < 45) return 'just now'
  return formatTimeAgo(iso, now)
}
