import { computed, h, type Ref } from 'vue'
import type { DataTableColumns } from 'naive-ui'
import { moneyDigits } from '../../../../../preload/contract/reports/cell-format'
import type { TextWidths } from './column-layout'
import { afterUnderscores, pivotColumnWidths, PIVOT_FIT_ROWS } from './pivot-column-widths'
import type { PivotTable } from './pivot-rows'
import { gridTextWidths } from './text-width'
import { useNumbers } from './view-format'

/** The pivot table's columns as Naive UI's table takes them, each fitted to what it shows. */
export function usePivotTableColumns(table: Readonly<Ref<PivotTable | null>>) {
  const { count, groupDigits, decimal } = useNumbers()
  let textWidths: TextWidths | undefined
  /** A cell as shown: a count, an amount in its currency's minor units, or the key's text. */
  function cellText(row: readonly string[], at: number): string {
    const { keyCount, money } = table.value!
    const text = row[at] ?? ''
    if (at < keyCount || text === '') return text
    if (at === keyCount) return count(Number(text))
    const digits = moneyDigits(money[at], row)
    return digits === null ? groupDigits(text) : decimal(text, digits)
  }
  const columnWidths = computed(() => {
    if (!table.value) return []
    const shown = table.value.rows
      .slice(0, PIVOT_FIT_ROWS)
      .map((row) => row.map((_, at) => cellText(row, at)))
    // Measured in the table's font (Naive UI's 14 px, headers 500), once: the widths are cached.
    textWidths ??= gridTextWidths(document.body, '14px', 500)
    return pivotColumnWidths(table.value.header, shown, textWidths)
  })
  const tableColumns = computed<DataTableColumns<string[]>>(() =>
    (table.value?.header ?? []).map((title, at) => {
      const number = at >= table.value!.keyCount
      const { width, cut } = columnWidths.value[at]!
      return {
        key: at,
        // Created_date by day may break after Created_ too (see afterUnderscores).
        title: () =>
          afterUnderscores(title).flatMap((part, index) =>
            index === 0 ? [part] : [h('wbr'), part],
          ),
        align: number ? 'right' : 'left',
        // Only a column too narrow for some value cuts (its header too): headers wrap otherwise.
        ellipsis: cut ? { tooltip: true } : false,
        // A width for each (a fixed table layout shares the rest equally among columns without
        // one, whatever their least width: a figure's header was cut mid-word).
        width,
        render: (row) => {
          const text = cellText(row, at)
          return number && text !== '' ? h('span', { class: 'number' }, text) : text
        },
      }
    }),
  )
  /** The table scrolls sideways rather than cut its columns below their least width. */
  const scrollWidth = computed(() =>
    columnWidths.value.reduce((sum, column) => sum + column.width, 0),
  )

  return { tableColumns, scrollWidth }
}
