import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api'
import fc from 'fast-check'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReportTables, type ReportTables } from '../../../main/reports/query/report-tables'
import type { QuerySource } from '../../../main/reports/query/query-messages'
import {
  referenceRows,
  reportFolder,
  sourceOf,
  withDirectRead,
  withRowStarts,
  type LineEnd,
} from '../../fixtures/query-reports'

// Row ids are only right if DuckDB reads every file row for row as the row index does
// (papaparse's reading, blank lines left out): checked here cell by cell.

const folder = reportFolder()
let connection: DuckDBConnection
let tables: ReportTables
/** Tables read in up to 3 parts at once, whatever the file's size (in this thread). */
let tablesInParts: ReportTables
/** Tables whose columns cannot be extracted (its scratch folder cannot be made): DuckDB's only. */
let tablesReadByDuckDB: ReportTables

beforeAll(async () => {
  connection = await (await DuckDBInstance.create(':memory:')).connect()
  tables = createReportTables(connection, { maxReports: 2, scratchDir: folder.dir })
  tablesInParts = createReportTables(connection, {
    maxReports: 2,
    scratchDir: folder.dir,
    threads: 3,
    parallelMinBytes: 0,
  })
  tablesReadByDuckDB = createReportTables(connection, {
    maxReports: 2,
    scratchDir: join(folder.write('a file, no folder'), 'scratch'),
  })
})
afterAll(() => folder.remove())

/** Every row DuckDB loaded, by row id, padded to the header's width. */
async function loadedRows(source: QuerySource, loader = tables): Promise<string[][]> {
  const columns = source.header.map((_, column) => column)
  const from = await loader.holding(source, columns)
  const names = columns.map((column) => `c${column}`).join(', ')
  const reader = await connection.runAndReadAll(`SELECT ${names} FROM ${from} ORDER BY rid`)
  return reader.getRowsJS() as string[][]
}

/** The rows the index sees, cut or padded to the header's width as a table shows them. */
function expectedRows(text: string, delimiter = ',', newline?: LineEnd): string[][] {
  const [header = [], ...rows] = referenceRows(text, delimiter, newline)
  return rows.map((row) => header.map((_, column) => row[column] ?? ''))
}

async function readsAsTheIndex(text: string, delimiter = ',') {
  const source = sourceOf(folder.write(text), { delimiter })
  expect(await loadedRows(source)).toEqual(expectedRows(text, delimiter))
}

describe('DuckDB reads the rows the row index reads', () => {
  const files: [string, string][] = [
    ['line breaks inside quotes', 'a,b\n"one\ntwo",1\n"x\r\ny",2\n"z\rw",3\n'],
    ['doubled quotes', 'a,b\n"say ""hi""",1\n"""",2\n'],
    ['ragged rows', 'a,b,c\n1,2\n3,4,5,6\n7,8,9\n'],
    ['bare quotes inside unquoted fields', 'a,b\n1,x"y\n2,5" screen\n3,a""b\n'],
    ['CRLF line ends', 'a,b\r\n1,2\r\n3,4\r\n'],
    ['CR line ends', 'a,b\r1,2\r3,4'],
    ['blank lines, which are not rows', 'a,b\n\n1,2\n\n\n3,4\n\n'],
    ['blank lines in a one-column report', 'a\r\n"x"\r\n\r\n"y"\r\n'],
    ['a quoted LF in the header of a CRLF file', '"a\nb"\r\n"x"\r\n'],
    ['a byte order mark', '\ufeffa,b\n1,2\n'],
    ['a header with a line break', '"first\nname",b\n1,2\n'],
    ['no trailing line break', 'a,b\n1,2'],
    ['a header and no rows', 'a,b\n'],
    ['empty fields', 'a,b,c\n,,\n"",x,\n'],
    ['non-ASCII text', 'a,b\nЖурнал,é\n'],
  ]
  it.each(files)('%s', async (_, text) => {
    await readsAsTheIndex(text)
  })

  it.each(files)('%s, read in parts where the index found rows start', async (_, text) => {
    const source = withRowStarts(sourceOf(folder.write(text)), 4)
    expect(await loadedRows(source, tablesInParts)).toEqual(expectedRows(text))
  })

  // papaparse keeps to the first kind of line end and drops a row of one empty field as if it
  // were blank: the row index (and DuckDB) read these as written.
  it('with mixed line ends', async () => {
    const source = sourceOf(folder.write('a,b\r\n1,2\n3,4\r5,6'))
    expect(await loadedRows({ ...source, expectedRowCount: 3 })).toEqual([
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ])
  })

  it('with a row of one empty quoted field', async () => {
    const source = sourceOf(folder.write('a,b\n""\n1,2\n'))
    expect(await loadedRows({ ...source, expectedRowCount: 2 })).toEqual([
      ['', ''],
      ['1', '2'],
    ])
  })

  it('with another delimiter', async () => {
    await readsAsTheIndex('a;b\n"1;2";3\n4,5;6\n', ';')
    await readsAsTheIndex('a\tb\n1\t"2\t3"\n', '\t')
  })

  it('for any well-formed file, quoted or not', async () => {
    await fc.assert(
      fc.asyncProperty(csvFile(), async ({ text, rows, header, lineEnd }) => {
        // The generator's rows are what papaparse reads, and what DuckDB must load.
        const expected = rows.map((row) => header.map((_, column) => row[column] ?? ''))
        expect(expectedRows(text, ',', lineEnd)).toEqual(expected)
        const source = sourceOf(folder.write(text), { newline: lineEnd })
        expect(await loadedRows(source)).toEqual(expected)
        expect(await loadedRows(withRowStarts(source), tablesInParts)).toEqual(expected)
      }),
      { numRuns: 150 },
    )
  })
})

// DuckDB's own CSV reader read these otherwise (2 rows each): it now loads the rows the row
// index cuts, each field as the window shows it.
describe('a file DuckDB would read otherwise', () => {
  it.each([
    [
      'a quote right after a closing quote (papaparse reads on to the next quote)',
      'a,b\n"x"y,1\n2,3\n',
      [['x"y,1\n2,3\n', '']],
    ],
    [
      'a byte order mark before a header with a quoted line break',
      '\ufeff"a\nb",c\n1,2\n',
      [['1', '2']],
    ],
  ])('is read as the row index reads it: %s', async (_, text, rows) => {
    const source = sourceOf(folder.write(text))
    expect(source.expectedRowCount).toBe(rows.length)
    expect(await loadedRows(source)).toEqual(rows)
  })
})

/** The tables DuckDB holds now. */
async function tableCount(): Promise<number> {
  const reader = await connection.runAndReadAll('SELECT count(*)::INTEGER FROM duckdb_tables()')
  return reader.getRowsJS()[0]![0] as number
}

/** The source with DuckDB let to read the file itself, checked against every row of `text`. */
function readByDuckDB(source: QuerySource, text: string, newline?: LineEnd): QuerySource {
  const rows = referenceRows(text, source.delimiter, newline).slice(1)
  return withDirectRead(source, rows)
}

describe('DuckDB reading the report file itself', () => {
  it('loads a file of plain quoting in one read of its own, row ids and fields exact', async () => {
    const text = '\ufeffa,b,c\r\n"x ""1""","two\nlines",3\r\n,"",\r\n\r\nЖ,é,"a,b"\r\n'
    const source = readByDuckDB(sourceOf(folder.write(text)), text)
    expect(await loadedRows(source, tablesReadByDuckDB)).toEqual(expectedRows(text))
    const semicolons = 'a;b\n"1;2";3\n'
    const other = readByDuckDB(sourceOf(folder.write(semicolons), { delimiter: ';' }), semicolons)
    expect(await loadedRows(other, tablesReadByDuckDB)).toEqual([['1;2', '3']])
  })

  // Each of these reads otherwise in DuckDB: with the same row count, only the checked rows
  // tell (a space before a quote); else DuckDB refuses it or finds other rows.
  it.each([
    ['a space before a quoted value', 'a,b\n1, "x"\n2,y\n'],
    ['a row of another width', 'a,b,c\n1,2\n3,4,5\n'],
    ['text after a closing quote', 'a,b\n"x"y,1\n2,3\n'],
    ['a quoted line break in the header after a byte order mark', '\ufeff"a\nb",c\n1,2\n'],
  ])('falls back to the extraction for %s', async (_, text) => {
    const source = readByDuckDB(sourceOf(folder.write(text)), text)
    expect(await loadedRows(source)).toEqual(expectedRows(text))
    await expect(loadedRows(source, tablesReadByDuckDB)).rejects.toThrow()
  })

  it('reads a file once when its columns were prepared while it was indexed', async () => {
    const reads: string[] = []
    const counting = new Proxy(connection, {
      get: (target, name) =>
        name === 'run'
          ? (sql: string, values?: string[]) => {
              if (sql.includes('read_csv')) reads.push(sql)
              return target.run(sql, values)
            }
          : Reflect.get(target, name, target),
    })
    const prepared = createReportTables(counting, { maxReports: 2, scratchDir: folder.dir })
    const text = 'a,b,c\n1,"x\ny",3\n4,5,6\n'
    const source = readByDuckDB(sourceOf(folder.write(text)), text)
    await prepared.prepare(source, [0, 1, 2])
    expect(await loadedRows(source, prepared)).toEqual(expectedRows(text))
    expect(reads).toHaveLength(1)
    // Prepared, then found to read otherwise by the index: dropped, and extracted.
    const odd = 'a,b\n1, "x"\n'
    await prepared.prepare(readByDuckDB(sourceOf(folder.write(odd)), odd), [0, 1])
    const tablesBefore = await tableCount()
    const oddSource = sourceOf(folder.write(odd))
    expect(await loadedRows(oddSource, prepared)).toEqual([['1', ' "x"']])
    expect(await tableCount()).toBe(tablesBefore)
  })

  it('reads any well-formed file as the index does, by itself or by the extraction', async () => {
    await fc.assert(
      fc.asyncProperty(csvFile(), async ({ text, rows, header, lineEnd }) => {
        const expected = rows.map((row) => header.map((_, column) => row[column] ?? ''))
        const source = sourceOf(folder.write(text), { newline: lineEnd })
        expect(await loadedRows(readByDuckDB(source, text, lineEnd))).toEqual(expected)
      }),
      { numRuns: 150 },
    )
  })
})

const FIELD_CHARS = ['a', 'Z', '7', ' ', '\t', '"', ',', '\n', '\r', 'é', 'Ж', '.']

/** A field as a file holds it: quoted when it must be (or at random), quotes doubled inside. */
function encodeField(value: string, quote: boolean): string {
  // Line breaks and delimiters need quotes; so does a leading quote, even after spaces
  // (DuckDB would read ` "a"` as a quoted a, papaparse as the text ` "a"`).
  const mustQuote = /[,\n\r]/.test(value) || /^\s*"/.test(value)
  return mustQuote || quote ? `"${value.replaceAll('"', '""')}"` : value
}

function csvFile() {
  const field = fc.array(fc.constantFrom(...FIELD_CHARS), { maxLength: 6 }).map((c) => c.join(''))
  return fc
    .integer({ min: 1, max: 4 })
    .chain((width) => {
      // Rows are ragged at times; a row of one empty field would be a blank line, never a row.
      const row = fc
        .array(field, { minLength: Math.max(1, width - 1), maxLength: width + 1 })
        .filter((fields) => fields.length > 1 || fields[0] !== '')
      return fc.record({
        header: fc.array(
          field.filter((name) => name !== ''),
          { minLength: width, maxLength: width },
        ),
        rows: fc.array(row, { maxLength: 25 }),
        quoting: fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
        trailingLineEnd: fc.boolean(),
        // After a byte order mark DuckDB misreads a first header quoted for a line break or a
        // delimiter (refused above).
        byteOrderMark: fc.boolean(),
        blankLines: fc.boolean(),
      })
    })
    .filter(({ header, byteOrderMark }) => !byteOrderMark || !/[,\r\n]/.test(header[0]!))
    .map(({ header, rows, quoting, lineEnd, trailingLineEnd, byteOrderMark, blankLines }) => {
      let quoteIndex = 0
      const line = (fields: string[]) =>
        fields.map((value) => encodeField(value, quoting[quoteIndex++ % quoting.length]!)).join(',')
      const lines = [header, ...rows].map(line)
      const separator = blankLines ? lineEnd + lineEnd : lineEnd
      const text =
        (byteOrderMark ? '\ufeff' : '') + lines.join(separator) + (trailingLineEnd ? lineEnd : '')
      return { text, rows, header, lineEnd }
    })
}
