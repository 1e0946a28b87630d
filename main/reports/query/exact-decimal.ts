// Exact decimal arithmetic on DuckDB's decimal strings (never floats): a value is held as a
// BigInt count of units of 10^-scale.

/** `text` (as DuckDB writes a DECIMAL or an integer) in units of 10^-scale. */
export function toUnits(text: string, scale: number): bigint {
  const negative = text.startsWith('-')
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.')
  const units = BigInt(`${whole}${fraction.padEnd(scale, '0')}`)
  return negative ? -units : units
}

/** `units` of 10^-scale as a decimal string with exactly `scale` fraction digits. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
  return negative ? `-${text}` : text
}

/**
 * `sum / count` (sum in units of 10^-scale) with `extra` more fraction digits than the sum,
 * rounded half away from zero.
 */
export function averageOf(sum: bigint, count: number, scale: number, extra: number): string {
  const scaled = sum * 10n ** BigInt(extra)
  const divisor = BigInt(count)
  const quotient = scaled / divisor
  const remainder = scaled % divisor
  const away = 2n * (remainder < 0n ? -remainder : remainder) >= divisor
  const rounded = away ? quotient + (scaled < 0n ? -1n : 1n) : quotient
  return fromUnits(rounded, scale + extra)
}
