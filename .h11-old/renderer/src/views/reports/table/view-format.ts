/** Groups the integer digits of a number written in decimal, exactly: "-12345.678" → "-12,345.678". */
export function groupDigits(decimal: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(decimal)
  if (!match) return decimal
  const [, sign, whole = '', fraction = ''] = match
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`
}

// One formatter for every number: toLocaleString builds a new one per call, slow in a render.
const numbers = new Intl.NumberFormat('en-US')
export const count = (n: number) => numbers.format(n)

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${count(n)} ${n === 1 ? one : many}`

/** "Showing X of Y rows", or what is known of a file not read to the end (yet, or at all). */
export function showingText(rowCount: number, fileRowCount: number | null, reading: boolean) {
  if (fileRowCount === null) {
    return `Showing the first ${plural(rowCount, 'row')}${reading ? '; reading the file…' : ''}`
  }
  return `Showing ${count(rowCount)} of ${plural(fileRowCount, 'row')}`
}
