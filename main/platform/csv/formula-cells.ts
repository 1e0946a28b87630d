/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with = + - @, a
 * tab or a carriage return. A plain negative number such as -12.50 is data, and is spared.
 */
const FORMULA_CELL = /^(?!-\d+(?:[.,]\d+)?$)[=+\-@\t\r]/

/**
 * papaparse's unparse options for a CSV or TSV written for people: formula cells get a ' in front
 * (and quotes), unless the user asked for the exact bytes. Papa's `escapeFormulae: true` would
 * prefix -12.50 too (every value here is a string), hence a pattern of our own.
 */
export function formulaEscaping(exactBytes = false): { escapeFormulae: RegExp | false } {
  return { escapeFormulae: exactBytes ? false : FORMULA_CELL }
}
