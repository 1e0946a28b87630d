import type { MessageCode } from '../../preload/contract/locales/explain'
import type { MessageParams } from '../../preload/contract/platform/explained'
import type { CsvErrorCode } from '../platform/csv/csv-problem'
import type { ViewFile } from './view-file'
import type { XlsxExportResult, XlsxSheets } from './xlsx-export'

/** What the XLSX worker is asked to write: the view of `file` to the new file `part`. */
export interface XlsxWorkerJob {
  file: ViewFile
  part: string
  columns: readonly number[] | null
  /** The sheets, worded by main: the thread loads no catalog. */
  sheets: XlsxSheets
}

/** Why the worker's export failed, as values main words (a CSV problem keeps its code). */
export interface XlsxWorkerFailure {
  message: string
  messageCode?: MessageCode
  params?: MessageParams
  csvCode?: CsvErrorCode
}

/** What the XLSX worker tells the thread that started it. */
export type XlsxWorkerMessage =
  | { kind: 'progress'; done: number; total: number }
  | ({ kind: 'done' } & Omit<XlsxExportResult, 'bytes'>)
  | { kind: 'failed'; failure: XlsxWorkerFailure }
