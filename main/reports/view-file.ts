import { open } from 'node:fs/promises'
import type { CsvFormat } from '../platform/csv/csv-format'
import { changedSinceOpened, CsvProblemError, fileSystemProblem } from '../platform/csv/csv-problem'
import { READ_WITHOUT_WAITING } from '../platform/csv/regular-file'
import type { RowIndex } from '../platform/csv/row-index'
import { readRowRange, readRowsById, type IndexedCsvFile } from '../platform/csv/row-window'
import type { TableSource } from './xlsx-export'

/**
 * What a worker thread needs to read a report's view from its file itself: the file (the UTF-8
 * copy for a report that has one), its index, and the view's order (null: the file's own).
 * It crosses to the thread by copy: 8 bytes a row of offsets, 4 of order.
 */
export interface ViewFile {
  path: string
  format: CsvFormat
  index: RowIndex
  rowIds: Uint32Array | null
  head: TableSource['head']
  /** The report's own file, which names a sheet holding the whole view. */
  reportPath: string
}

/** Rows in the view: its ids when sorted or filtered, else the whole file's. */
export const viewRowCount = (file: ViewFile) => file.rowIds?.length ?? file.index.rowCount

/**
 * The view of `file` as the writers read it, from a handle of this thread's own (closed by the
 * returned `close`). The file is checked against its index at every read, as the session does.
 */
export async function openViewFile(
  file: ViewFile,
): Promise<TableSource & { close(): Promise<void> }> {
  let handle
  try {
    handle = await open(file.path, READ_WITHOUT_WAITING)
  } catch (error) {
    throw new CsvProblemError(fileSystemProblem(file.path, error), { cause: error })
  }
  const indexed: IndexedCsvFile = {
    path: file.path,
    format: file.format,
    handle,
    index: file.index,
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close()
    throw new CsvProblemError(changedSinceOpened(file.path))
  }
  const { rowIds } = file
  return {
    path: file.reportPath,
    indexed: Promise.resolve(),
    head: file.head,
    state: () => ({ rowCount: viewRowCount(file) }),
    rows: (from, to) =>
      rowIds
        ? readRowsById(indexed, Array.from(rowIds.subarray(from, to)))
        : readRowRange(indexed, from, to),
    close: () => handle.close(),
  }
}
