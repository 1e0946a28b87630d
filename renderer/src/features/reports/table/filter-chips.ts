import type { ColumnFilter, ColumnType } from '../../../../../preload/contract/reports/report-view'
import { isNumeric } from './column-layout'

/** The values a chip of a `oneOf` filter names before it says "and n more". */
const CHIP_VALUES_MAX = 3
/** The longest value a chip shows whole; longer ones end in an ellipsis. */
const CHIP_VALUE_LENGTH = 24

type Translate = (key: string, params: Record<string, string | number>) => string

/**
 * What a filter keeps, in a few words for its chip: "Status: approved, declined". `number`
 * writes a number column's values as the grid does.
 */
export function filterChipText(
  filter: ColumnFilter,
  name: string,
  t: Translate,
  number: (value: string) => string = (value) => value,
): string {
  const shown = (text: string) => {
    const value = number(text)
    return value === ''
      ? t('reportFilter.values.empty', {})
      : value.length > CHIP_VALUE_LENGTH
        ? `${value.slice(0, CHIP_VALUE_LENGTH - 1)}…`
        : value
  }
  const chip = (kind: string, params: Record<string, string | number> = {}) =>
    t(`reportFilter.chips.${kind}`, { name, ...params })
  switch (filter.kind) {
    case 'equals':
    case 'notEquals':
    case 'contains':
      return chip(filter.kind, { value: shown(filter.value) })
    case 'oneOf': {
      const values = filter.values.slice(0, CHIP_VALUES_MAX).map(shown).join(', ')
      const more = filter.values.length - CHIP_VALUES_MAX
      return more > 0 ? chip('oneOfMore', { values, n: more }) : chip('oneOf', { values })
    }
    case 'range': {
      const { min, max } = filter
      if (min && max && !filter.minExclusive && !filter.maxExclusive)
        return chip('between', { min: shown(min), max: shown(max) })
      const parts = [
        ...(min ? [chip(filter.minExclusive ? 'above' : 'from', { min: shown(min) })] : []),
        ...(max ? [chip(filter.maxExclusive ? 'below' : 'to', { max: shown(max) })] : []),
      ]
      return parts.join(', ')
    }
  }
}

/**
 * Each filter's column and chip text; a number column's values written as the grid writes them
 * (`groupDigits`), others as typed.
 */
export function filterChips(
  filters: readonly ColumnFilter[],
  names: readonly string[],
  types: readonly ColumnType[] | undefined,
  t: Translate,
  groupDigits: (value: string) => string,
): { column: number; name: string; text: string }[] {
  return filters.map((filter) => {
    const name = names[filter.column] ?? String(filter.column + 1)
    const numbers = isNumeric(types?.[filter.column]) ? groupDigits : undefined
    return { column: filter.column, name, text: filterChipText(filter, name, t, numbers) }
  })
}
