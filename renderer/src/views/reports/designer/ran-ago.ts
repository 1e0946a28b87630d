const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
]

/** "just now", "5 minutes ago", "yesterday"… for a time in the past; "never" for none. */
export function ranAgo(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never'
  const seconds = (now - Date.parse(iso)) / 1000
  if (seconds < 45) return 'just now'
  const [unit, size] = UNITS.find(([, size]) => seconds >= size) ?? UNITS.at(-1)!
  return relative.format(-Math.round(seconds / size), unit)
}
