import { Readable } from 'node:stream'
import iconv from 'iconv-lite'
import type { ReportRow } from './report-rows'

/** One RFC 4180 record with every field quoted, ending in CRLF. */
export function csvRecord(fields: readonly string[], delimiter: string): string {
  let record = ''
  for (let i = 0; i < fields.length; i++) {
    if (i > 0) record += delimiter
    record += `"${fields[i]!.replaceAll('"', '""')}"`
  }
  return `${record}\r\n`
}

/**
 * The report as CSV bytes in `encoding`, produced a page at a time as the reader asks for more,
 * so a million rows never sit in memory. The encoder is stateful: no BOM or split sequence
 * between pages.
 */
export function csvReportStream(
  columns: readonly string[],
  pages: Iterable<ReportRow[]>,
  delimiter: string,
  encoding: string,
): Readable {
  const encoder = iconv.getEncoder(encoding)
  function* chunks(): Generator<Buffer> {
    yield encoder.write(csvRecord(columns, delimiter))
    for (const page of pages) {
      let text = ''
      for (const row of page) text += csvRecord(row, delimiter)
      yield encoder.write(text)
    }
    const rest = encoder.end()
    if (rest && rest.length > 0) yield rest
  }
  return Readable.from(chunks(), { objectMode: false })
}
