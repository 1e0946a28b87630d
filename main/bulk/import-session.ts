import type {
  BulkImport,
  BulkPreview,
  BulkPreviewRow,
} from '../../preload/contract/bulk/bulk-channels'
import { maskParameters } from '../platform/privacy/redaction'
import type { BulkSource } from './bulk-source'
import { MAPPABLE_PARAMETERS } from './column-mapping'
import { isHeaderLine } from '../platform/privacy/column-name'
import type { RowProblem } from './row-check'
import { decimalCommaColumns } from './decimal-commas'

/** A file (or pasted table) imported for a bulk job, with the fixes and exclusions made to it. */
export interface ImportSession {
  id: string
  fileName: string
  source: BulkSource
  /** A pasted table's text, held in memory only (pasted-tables.ts); null for a file. */
  pasted: Buffer | null
  mapping: (string | null)[]
  /** Fixes made in place, by row number: parameter → value. Card data too, in memory only. */
  fixes: Map<number, Record<string, string>>
  excluded: Set<number>
  /** Each row's problems under the current mapping and fixes (the job's profile type aside). */
  problems: Map<number, RowProblem[]>
}

/** A cell as the window may see it: masked as History masks a request, by its column's parameter. */
function maskedCell(parameter: string | null | undefined, column: number, value: string): string {
  const [[, masked]] = maskParameters([[parameter ?? `column-${column}`, value]]) as [
    [string, string],
  ]
  return masked
}

/**
 * The headers as the window may see them: a first line that is a row of data (a table without
 * its header line) masked as its rows are.
 */
function shownHeaders(session: ImportSession): string[] {
  const { headers } = session.source
  const shown = isHeaderLine(headers)
    ? headers
    : headers.map((header, column) => maskedCell(session.mapping[column], column, header))
  return shown.map((header) => header.slice(0, 256))
}

/** The cells of a row as the window may see them: fixes applied, card data masked. */
function shownCells(session: ImportSession, rowNumber: number): string[] {
  const fields = session.source.rows[rowNumber - 1] ?? []
  const fixes = session.fixes.get(rowNumber) ?? {}
  return session.source.headers.map((_, column) => {
    const parameter = session.mapping[column]
    const value =
      parameter !== null && parameter !== undefined && fixes[parameter] !== undefined
        ? fixes[parameter]!
        : (fields[column] ?? '')
    return maskedCell(parameter, column, value).slice(0, 2000)
  })
}

/** An import as the window sees it. */
export function importView(session: ImportSession): BulkImport {
  return {
    importId: session.id,
    fileName: session.fileName,
    pasted: session.pasted !== null,
    encoding: session.source.encoding,
    delimiter: session.source.delimiter,
    headers: shownHeaders(session),
    rowCount: session.source.rows.length,
    mapping: session.mapping,
    parameters: [...MAPPABLE_PARAMETERS],
    decimalCommas: decimalCommaColumns(session),
  }
}

/** A row as the window sees it: cells masked, fixes and problems marked. */
export function rowView(session: ImportSession, rowNumber: number): BulkPreviewRow {
  const fixes = session.fixes.get(rowNumber) ?? {}
  return {
    rowNumber,
    cells: shownCells(session, rowNumber),
    fixedColumns: session.mapping.flatMap((parameter, column) =>
      parameter !== null && fixes[parameter] !== undefined ? [column] : [],
    ),
    excluded: session.excluded.has(rowNumber),
    problems: (session.problems.get(rowNumber) ?? []).slice(0, 100),
  }
}

/** A page of an import's rows, all or those with problems or excluded, with counts. */
export function previewOf(
  session: ImportSession,
  filter: 'all' | 'problems' | 'excluded',
  offset: number,
  limit: number,
): BulkPreview {
  const all = Array.from({ length: session.source.rows.length }, (_, i) => i + 1)
  const matching =
    filter === 'all'
      ? all
      : filter === 'excluded'
        ? all.filter((row) => session.excluded.has(row))
        : all.filter((row) => session.problems.has(row) && !session.excluded.has(row))
  return {
    rows: matching.slice(offset, offset + limit).map((row) => rowView(session, row)),
    total: matching.length,
    counts: {
      rows: all.length,
      withProblems: [...session.problems.keys()].filter((row) => !session.excluded.has(row)).length,
      excluded: session.excluded.size,
    },
  }
}
