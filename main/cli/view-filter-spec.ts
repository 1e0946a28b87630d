import { FILTER_VALUES_MAX, type ColumnFilter } from '../../preload/contract/reports/report-view'
import { cliText } from './cli-words'
import { UsageError } from './cli-io'

/**
 * `--filter` as people write it: COLUMN, an operator, a value. `=` and `!=` match by the
 * column's type (10.5 finds 10.500), `>`, `>=`, `<`, `<=` compare by it, `~` finds text in the
 * column ignoring case, and `in` takes a comma-separated list, where a value with a comma or
 * spaces at its ends is written in double quotes ("" for a quote inside). Any value may be quoted.
 */
const OPERATORS = ['!=', '>=', '<=', '=', '>', '<', '~'] as const
type Operator = (typeof OPERATORS)[number] | 'in'

/** The first operator character, or ` in ` between spaces, whichever comes first. */
const OPERATOR_AT = /[!=<>~]|\s+in\s+/i

/** The filter `spec` stands for; `column` finds a column by the name the spec gives. */
export function parseFilterSpec(spec: string, column: (name: string) => number): ColumnFilter {
  const found = OPERATOR_AT.exec(spec)
  if (!found) throw wrong('cli.wrong.filter-format', spec)
  const name = spec.slice(0, found.index).trim()
  const rest = spec.slice(found.index)
  const operator: Operator | undefined = /^\s/.test(found[0])
    ? 'in'
    : OPERATORS.find((candidate) => rest.startsWith(candidate))
  if (operator === undefined) throw wrong('cli.wrong.filter-format', spec)
  if (name === '') throw wrong('cli.wrong.filter-no-column', spec, { operator })
  const text = rest.slice(operator === 'in' ? found[0].length : operator.length)
  const target = column(name)
  if (operator === 'in') return { kind: 'oneOf', column: target, values: list(spec, text) }
  const value = single(spec, text)
  if (value === '' && operator !== '=' && operator !== '!=')
    throw wrong('cli.wrong.filter-needs-value', spec, { operator })
  switch (operator) {
    case '=':
      return { kind: 'equals', column: target, value }
    case '!=':
      return { kind: 'notEquals', column: target, value }
    case '~':
      return { kind: 'contains', column: target, value }
    case '>':
    case '>=':
      return { kind: 'range', column: target, min: value, minExclusive: operator === '>' }
    case '<':
    case '<=':
      return { kind: 'range', column: target, max: value, maxExclusive: operator === '<' }
  }
}

/** One value: as written, spaces at its ends trimmed, or in double quotes exactly. */
function single(spec: string, text: string): string {
  if (!text.trim().startsWith('"')) return text.trim()
  const values = items(spec, text)
  if (values.length !== 1) throw wrong('cli.wrong.filter-quote', spec)
  return values[0]!
}

function list(spec: string, text: string): string[] {
  const values = items(spec, text)
  if (values.every((value) => value === ''))
    throw wrong('cli.wrong.filter-needs-value', spec, { operator: 'in' })
  if (values.length > FILTER_VALUES_MAX)
    throw wrong('cli.wrong.filter-too-many', spec, { n: values.length, max: FILTER_VALUES_MAX })
  return values
}

/** The comma-separated items of `text`, each trimmed or, in double quotes, exactly as quoted. */
function items(spec: string, text: string): string[] {
  const values: string[] = []
  let at = 0
  for (;;) {
    while (text[at] === ' ') at++
    if (text[at] === '"') {
      let value = ''
      let end = at + 1
      for (;;) {
        const quote = text.indexOf('"', end)
        if (quote < 0) throw wrong('cli.wrong.filter-quote', spec)
        value += text.slice(end, quote)
        if (text[quote + 1] !== '"') {
          end = quote + 1
          break
        }
        value += '"'
        end = quote + 2
      }
      const comma = text.indexOf(',', end)
      const after = text.slice(end, comma < 0 ? undefined : comma)
      if (after.trim() !== '') throw wrong('cli.wrong.filter-quote', spec)
      values.push(value)
      if (comma < 0) return values
      at = comma + 1
    } else {
      const comma = text.indexOf(',', at)
      values.push(text.slice(at, comma < 0 ? undefined : comma).trim())
      if (comma < 0) return values
      at = comma + 1
    }
  }
}

function wrong(
  key:
    | 'cli.wrong.filter-format'
    | 'cli.wrong.filter-no-column'
    | 'cli.wrong.filter-needs-value'
    | 'cli.wrong.filter-quote'
    | 'cli.wrong.filter-too-many',
  spec: string,
  params: Record<string, string | number> = {},
): UsageError {
  return new UsageError(cliText(key, { spec, ...params }))
}
