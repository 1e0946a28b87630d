import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type {
  BulkImport,
  BulkPreview,
  BulkPreviewRow,
} from '../../preload/contract/bulk/bulk-channels'
import type { RecurringProfileType } from '../../preload/contract/recurring/recurring-parameters'
import type { BulkMappings } from './bulk-mappings-repository'
import { parseBulkSource, readBulkSource, type BulkSource } from './bulk-source'
import { autoMapping, checkedMapping, fixesIn, tableRowInputs } from './column-mapping'
import { importView, previewOf, rowView, type ImportSession } from './import-session'
import { pastedTablePath } from './pasted-tables'
import { inputProblems } from './row-check'
import {
  configuredEnvironments,
  type NamedEnvironment,
  type RowEnvironments,
} from './row-environments'
import { explainedError } from '../platform/i18n/english'
import { convertDecimalCommas } from './decimal-commas'
import { spreadsheetLine } from '../../preload/contract/bulk/spreadsheet-line'

/** A pasted table's name; the window words it in its own language. */
const PASTED_TABLE = 'Pasted table'

/** Imports kept open; the oldest is forgotten when another is added. */
const OPEN_IMPORTS = 3

export type { ImportSession } from './import-session'

const PREVIEW_PROFILE_TYPE: RecurringProfileType | null = null

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
    return importView(session)
  }

  function get(importId: string): ImportSession {
    const session = sessions.get(importId)
    if (!session) {
      throw explainedError('bulk.import.closed')
    }
    return session
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
      session.mapping = checkedMapping(mapping, columns)
      deps.mappings.save(session.source.headers, session.mapping)
      checkAll(session)
      return importView(session)
    },

    preview(
      importId: string,
      filter: 'all' | 'problems' | 'excluded',
      offset: number,
      limit: number,
    ): BulkPreview {
      return previewOf(get(importId), filter, offset, limit)
    },

    fix(importId: string, rowNumber: number, column: number, value: string): BulkPreviewRow {
      const session = get(importId)
      if (rowNumber > session.source.rows.length) {
        throw explainedError('bulk.import.no-row', {
          row: spreadsheetLine(rowNumber),
        })
      }
      const parameter = session.mapping[column]
      if (parameter === null || parameter === undefined) {
        throw explainedError('bulk.import.column-not-mapped')
      }
      const fixes = { ...session.fixes.get(rowNumber), [parameter]: value.trim() }
      session.fixes.set(rowNumber, fixes)
      checkRow(session, rowNumber, rowEnvironments())
      return rowView(session, rowNumber)
    },

    /** Every amount of a money column with a decimal comma, written with a point; how many. */
    convertDecimalCommas(importId: string, column: number) {
      const session = get(importId)
      const converted = convertDecimalCommas(session, column)
      const environments = rowEnvironments()
      for (const row of converted) checkRow(session, row, environments)
      return { import: importView(session), converted: converted.length }
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
