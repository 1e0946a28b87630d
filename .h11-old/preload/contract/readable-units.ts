const UNITS = ['KB', 'MB', 'GB', 'TB'] as const

/** `429` → `429 bytes`, `1536000` → `1.5 MB`: sizes as staff read them (powers of 1000). */
export function formatByteSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  let value = bytes
  let unit = 0
  // 999.5 KB would print as 1000 KB: it is 1.00 MB.
  while (value >= 999.5 && unit < UNITS.length) {
    value /= 1000
    unit++
  }
  // 3 significant digits: 1.23 MB, 12.3 MB, 123 MB.
  const shown = value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)
  return `${shown} ${UNITS[unit - 1]}`
}

/** `1234` → `1.2 s`, `83000` → `1 min 23 s`: a run's duration. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`
  const seconds = milliseconds / 1000
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)} min ${whole % 60} s`
}
