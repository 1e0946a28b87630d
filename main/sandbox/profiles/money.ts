/** Minor units (cents) as a decimal: 4990 → "49.90", or "49.900" with three fraction digits. */
export function formatMinor(minor: number, fractionDigits = 2): string {
  // Exact: an integer below 2^53 divided by 100 is always the nearest double to the true value.
  return (minor / 100).toFixed(fractionDigits)
}
