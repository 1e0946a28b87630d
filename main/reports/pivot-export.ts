import type { PivotTableExport } from '../../preload/contract/reports/report-pivot-channels'
import type { ColumnType } from '../../preload/contract/reports/report-view'
import type { CatalogLanguage } from '../platform/i18n/catalog-wording'
import { exportViewAs } from './report-export'
import type { TableSource } from './xlsx-export'

export type PivotExportFormat = 'xlsx' | 'csv'

/** The most fraction digits a column's numbers have: its format shows every one of them. */
function scaleOf(rows: readonly string[][], column: number): number {
  const digits = rows.map((row) => row[column]?.split('.')[1]?.length ?? 0)
  return Math.min(18, Math.max(0, ...digits))
}

/**
 * The pivot's table as the view's writers read a report: keys as text, the count as a whole
 * number, each figure and net as a decimal of its own exact scale, shown with its currency's
 * decimals where the window shows it so (`money`). `path` names its one sheet.
 */
export function pivotSource(table: PivotTableExport, path: string): TableSource {
  const { header, rows, keyCount } = table
  const columnTypes = header.map((_, column): ColumnType => {
    if (column < keyCount) return { kind: 'text' }
    if (column === keyCount) return { kind: 'integer' }
    return { kind: 'decimal', scale: scaleOf(rows, column) }
  })
  return {
    path,
    indexed: Promise.resolve(),
    head: { columns: header, columnTypes, delimiter: ',', money: table.money },
    state: () => ({ rowCount: rows.length }),
    rows: async (from, to) => rows.slice(from, to),
  }
}

/**
 * Writes the pivot's table to `target` (through `<target>.part`) with the view's writers: an XLSX
 * with numbers as numbers, a bold frozen header and an autofilter, or a CSV whose cells a
 * spreadsheet would run as formulas get a ' in front. At most 1,000 groups: no job, no progress.
 */
export async function exportPivot(
  table: PivotTableExport,
  target: string,
  format: PivotExportFormat,
  language: CatalogLanguage,
): Promise<{ rows: number; bytes: number }> {
  const job = { signal: new AbortController().signal, progress: () => {} }
  return exportViewAs(pivotSource(table, target), target, null, job, { format, language })
}
