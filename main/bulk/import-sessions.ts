import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type { BulkImport, BulkPreview, BulkPreviewRow } from '../../preload/contract/bulk-channels'
import { ExplainedError } from '../../preload/contract/explained'
import type { RecurringProfileType } from '../../preload/contract/recurring-parameters'
import { maskParameters } from '../privacy/redaction'
import type { BulkMappings } from '../store/bulk-mappings-repository'
import { parseBulkSource, readBulkSource, type BulkSource } from './bulk-source'
import { autoMapping, fixesIn, MAPPABLE_PARAMETERS, tableRowInputs } from './column-mapping'
import { isHeaderLine } from './column-name'
import { pastedTablePath } from './pasted-tables'
import { inputProblems, type RowProblem } from './row-check'
import {
  configuredEnvironments,
  type NamedEnvironment,
  type RowEnvironments,
} from './row-environments'

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

/** A pasted table's name; the window words it in its own language. */
const PASTED_TABLE = 'Pasted table'

/** Imports kept open; the oldest is forgotten when another is added. */
const OPEN_IMPORTS = 3

const PREVIEW_PROFILE_TYPE: RecurringProfileType | null = null

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

/** The imported files the window works on, held in main until a job is started from them. */
export function createImportSessions(deps: {
  mappings: BulkMappings
  /** Where pasted tables are stored once a job is made from one. */
  dataDir: string
  /** The environments a row's environment cell may name; none when not given. */
  environments?: () => readonly NamedEnvironment[]
}) {
  const sessions = new Map<string, ImportSession>()

  const rowEnvironments = () => configuredEnvironments(deps.environments?.() ?? [])

  function checkRow(session: ImportSession, rowNumber: number, environments: RowEnvironments) {
    const input = tableRowInputs(
      session.source.rows,
      session.mapping,
      fixesIn(session.fixes),
      PREVIEW_PROFILE_TYPE,
    )(rowNumber)
    const problems = inputProblems(input, rowNumber, session.mapping, environments)
    if (problems.length > 0) session.problems.set(rowNumber, problems)
    else session.problems.delete(rowNumber)
  }

  function checkAll(session: ImportSession) {
    session.problems.clear()
    const environments = rowEnvironments()
    for (let row = 1; row <= session.source.rows.length; row++) checkRow(session, row, environments)
  }

  function view(session: ImportSession): BulkImport {
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
    }
  }

  function add(source: BulkSource, fileName: string, pasted: Buffer | null): BulkImport {
    const session: ImportSession = {
      id: `import-${randomUUID()}`,
      fileName,
      source,
      pasted,
      mapping: autoMapping(source.headers, deps.mappings.saved()),
      fixes: new Map(),
      excluded: new Set(),
      problems: new Map(),
    }
    checkAll(session)
    sessions.set(session.id, session)
    // The window works on one import at a time: older ones only hold memory (and pasted data).
    for (const older of [...sessions.values()].slice(0, -OPEN_IMPORTS)) sessions.delete(older.id)
    return view(session)
  }

  function get(importId: string): ImportSession {
    const session = sessions.get(importId)
    if (!session) {
      throw new ExplainedError(
        'This import is no longer open (GateDesk restarted?): import the file again.',
        'bulk.import.closed',
      )
    }
    return session
  }

  function rowView(session: ImportSession, rowNumber: number): BulkPreviewRow {
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

  return {
    get,

    async openFile(path: string, hints: { encoding?: string; delimiter?: string }) {
      return add(await readBulkSource(path, hints), basename(path), null)
    },

    async reread(importId: string, hints: { encoding?: string; delimiter?: string }) {
      const old = get(importId)
      sessions.delete(importId)
      const { path } = old.source
      const source = old.pasted
        ? await parseBulkSource(path, old.pasted, hints)
        : await readBulkSource(path, hints)
      return add(source, old.fileName, old.pasted)
    },

    /**
     * A table pasted from a spreadsheet: in memory only, under the name it is stored by (encrypted)
     * if a job is made from it.
     */
    async paste(text: string) {
      const bytes = Buffer.from(text.endsWith('\n') ? text : `${text}\n`)
      const source = await parseBulkSource(pastedTablePath(deps.dataDir), bytes, {
        delimiter: '\t',
      })
      return add(source, PASTED_TABLE, bytes)
    },

    setMapping(importId: string, mapping: (string | null)[]): BulkImport {
      const session = get(importId)
      const columns = session.source.headers.length
      const taken = new Set<string>()
      session.mapping = Array.from({ length: columns }, (_, column) => {
        const parameter = mapping[column] ?? null
        if (parameter === null) return null
        if (!MAPPABLE_PARAMETERS.includes(parameter)) {
          const name = parameter.slice(0, 64)
          throw new ExplainedError(
            `"${name}" is not a parameter of spec 4.2 nor profile-type or environment.`,
            'bulk.import.not-a-parameter',
            { parameter: name },
          )
        }
        if (taken.has(parameter)) {
          throw new ExplainedError(
            `Two columns are mapped to ${parameter}: map each parameter to one column.`,
            'bulk.import.mapped-twice',
            { parameter },
          )
        }
        taken.add(parameter)
        return parameter
      })
      deps.mappings.save(session.source.headers, session.mapping)
      checkAll(session)
      return view(session)
    },

    preview(
      importId: string,
      filter: 'all' | 'problems' | 'excluded',
      offset: number,
      limit: number,
    ): BulkPreview {
      const session = get(importId)
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
          withProblems: [...session.problems.keys()].filter((row) => !session.excluded.has(row))
            .length,
          excluded: session.excluded.size,
        },
      }
    },

    fix(importId: string, rowNumber: number, column: number, value: string): BulkPreviewRow {
      const session = get(importId)
      if (rowNumber > session.source.rows.length) {
        throw new ExplainedError(`There is no row ${rowNumber}.`, 'bulk.import.no-row', {
          row: rowNumber,
        })
      }
      const parameter = session.mapping[column]
      if (parameter === null || parameter === undefined) {
        throw new ExplainedError(
          'This column is not mapped to a parameter: map it first, then fix it.',
          'bulk.import.column-not-mapped',
        )
      }
      const fixes = { ...session.fixes.get(rowNumber), [parameter]: value.trim() }
      session.fixes.set(rowNumber, fixes)
      checkRow(session, rowNumber, rowEnvironments())
      return rowView(session, rowNumber)
    },

    exclude(importId: string, rowNumbers: readonly number[], excluded: boolean): number {
      const session = get(importId)
      let changed = 0
      for (const row of rowNumbers) {
        if (row < 1 || row > session.source.rows.length) continue
        if (excluded === session.excluded.has(row)) continue
        if (excluded) session.excluded.add(row)
        else session.excluded.delete(row)
        changed++
      }
      return changed
    },

    close(importId: string): void {
      sessions.delete(importId)
    },
  }
}

export type ImportSessions = ReturnType<typeof createImportSessions>
