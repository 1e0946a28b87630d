/**
 * Sizes and durations as staff read them. Main writes them in English (the `format…` functions);
 * the window words the same parts (the `…Parts` functions) in its own language, so both agree
 * on the number and the unit.
 */

/** A number to show with `digits` decimals (null: as it is), and the unit it counts. */
export interface ReadableParts<Unit extends string> {
  value: number
  digits: number | null
  unit: Unit
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const
export type SizeUnit = 'bytes' | (typeof SIZE_UNITS)[number]

/** `429` → 429 bytes, `1536000` → 1.54 MB: 3 significant digits in powers of 1000. */
export function byteSizeParts(bytes: number): ReadableParts<SizeUnit> {
  if (bytes < 1000) return { value: bytes, digits: 0, unit: 'bytes' }
  let value = bytes
  let unit = 0
  // 999.5 KB would print as 1000 KB: it is 1.00 MB.
  while (value >= 999.5 && unit < SIZE_UNITS.length) {
    value /= 1000
    unit++
  }
  // 3 significant digits: 1.23 MB, 12.3 MB, 123 MB.
  return { value, digits: value < 10 ? 2 : value < 100 ? 1 : 0, unit: SIZE_UNITS[unit - 1]! }
}

/** `429` → `429 bytes`, `1536000` → `1.54 MB`: sizes as staff read them (powers of 1000). */
export function formatByteSize(bytes: number): string {
  const { value, digits, unit } = byteSizeParts(bytes)
  if (unit === 'bytes') return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  return `${value.toFixed(digits!)} ${unit}`
}

export type DurationParts =
  | { unit: 'ms'; value: number }
  | { unit: 's'; value: number }
  | { unit: 'min-s'; minutes: number; seconds: number }

/** `1234` → 1.2 s, `83000` → 1 min 23 s: a run's duration. */
export function durationParts(milliseconds: number): DurationParts {
  if (milliseconds < 1000) return { unit: 'ms', value: Math.round(milliseconds) }
  const seconds = milliseconds / 1000
  if (seconds < 59.95) return { unit: 's', value: seconds }
  const whole = Math.round(seconds)
  return { unit: 'min-s', minutes: Math.floor(whole / 60), seconds: whole % 60 }
}

/** `1234` → `1.2 s`, `83000` → `1 min 23 s`: a run's duration. */
export function formatDuration(milliseconds: number): string {
  const parts = durationParts(milliseconds)
  if (parts.unit === 'ms') return `${parts.value} ms`
  if (parts.unit === 's') return `${parts.value.toFixed(1)} s`
  return `${parts.minutes} min ${parts.seconds} s`
}

const BINARY_UNITS = [
  [1024 ** 3, 'GiB'],
  [1024 ** 2, 'MiB'],
  [1024, 'KiB'],
] as const
export type SizeLimitUnit = 'bytes' | (typeof BINARY_UNITS)[number][1]

/** `1048576` → 1 MiB, `1000` → 1000 bytes: a limit, exactly, in the largest unit that divides it. */
export function sizeLimitParts(bytes: number): ReadableParts<SizeLimitUnit> {
  const unit = BINARY_UNITS.find(([size]) => bytes >= size && bytes % size === 0)
  return unit
    ? { value: bytes / unit[0], digits: null, unit: unit[1] }
    : { value: bytes, digits: null, unit: 'bytes' }
}

/** `1048576` → `1 MiB`, `2147483648` → `2 GiB`: limits as staff would read them. */
export function formatSizeLimit(bytes: number): string {
  const { value, unit } = sizeLimitParts(bytes)
  return `${value} ${unit}`
}

const MINUTE_MS = 60_000

/** `1500` → 1.5 s, `300` → 300 ms, `1800000` → 30 min: a time limit, exactly. */
export function timeLimitParts(milliseconds: number): ReadableParts<'ms' | 's' | 'min'> {
  if (milliseconds < 1000) return { value: milliseconds, digits: null, unit: 'ms' }
  if (milliseconds % MINUTE_MS === 0) {
    return { value: milliseconds / MINUTE_MS, digits: null, unit: 'min' }
  }
  return { value: milliseconds / 1000, digits: null, unit: 's' }
}

/** `1500` → `1.5 s`, `300` → `300 ms`, `1800000` → `30 min`: limits as staff set them. */
export function formatTimeLimit(milliseconds: number): string {
  const { value, unit } = timeLimitParts(milliseconds)
  return `${value} ${unit}`
}
