import type { MessageCode } from '../../../preload/contract/locales/explain'
import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { DistinctValues } from '../../../preload/contract/reports/report-distinct'
import type { PivotRequest, PivotResult } from '../../../preload/contract/reports/report-pivot'
import type {
  ColumnType,
  ReportTotals,
  ViewQuery,
} from '../../../preload/contract/reports/report-view'

/** A report file as the query process reads it. */
export interface QuerySource {
  /** A UTF-8 CSV file: the caller transcodes other charsets first. */
  file: string
  delimiter: string
  /** The header's names, one per column: they give the column count and find Amount etc. */
  header: readonly string[]
  columnTypes: readonly ColumnType[]
  /** The data rows the row index found: DuckDB must read exactly as many. */
  expectedRowCount: number
  /**
   * Where some rows start in `file`, as the row index found them, in order from row 0 (the
   * first data row), spread evenly: the query process may read the rows between them in
   * parallel. Absent when `file` is not the file indexed (a UTF-8 copy of it).
   */
  rowStarts?: readonly { row: number; offset: number }[]
  /**
   * Present when DuckDB may read `file` itself: it is UTF-8, and the row index found no row of
   * another width, no quote left open and no quote papaparse reads its own way, so that any
   * RFC 4180 reader cuts the same rows and fields. `checkRows` are rows as the window read them
   * (all their fields), spread over the file: DuckDB's reading must give them too. `rowBytes`
   * says where those rows' bytes are in `file` (each row's [start, end), in the order of
   * `checkRows`, and where the first data row starts, the header before it), when `file` is the
   * file indexed: an aggregate may then be answered from the file itself (answerFromFile).
   */
  directRead?: {
    checkRows: readonly { row: number; fields: readonly string[] }[]
    rowBytes?: { dataStart: number; rows: readonly { start: number; end: number }[] }
  }
  /** With `mtimeMs`, tells a changed file from the one that was indexed. */
  fileSize: number
  mtimeMs: number
}

/**
 * A report file as known before it is indexed: what DuckDB needs to start reading it, with the
 * column types seen so far (the index may settle others: an answer read with these is then
 * read again).
 */
export type PreparedSource = Pick<
  QuerySource,
  'file' | 'delimiter' | 'header' | 'columnTypes' | 'fileSize' | 'mtimeMs'
>

/** An aggregate of every row whose answer is read while the file is indexed (`prepare`). */
export interface AnswerAhead {
  totals?: boolean
  pivot?: PivotRequest
}

/**
 * The rows of a view, by row id (0-based data-row index in file order). `identity` means every
 * row in file order: the query has no sort, filter or search. `rowCount` is set when `rowIds`
 * are only the view's first rows (asked with `firstRows`): the view's whole length.
 */
export type ViewRows =
  { kind: 'identity' } | { kind: 'rows'; rowIds: Uint32Array; rowCount?: number }

export type QueryRequest =
  /** The view's row ids; with `firstRows`, only its first ones (and how many rows it has). */
  | { type: 'view'; id: number; source: QuerySource; query: ViewQuery; firstRows?: number }
  | { type: 'totals'; id: number; source: QuerySource; query: ViewQuery }
  /** The view's rows grouped, counted and measured (report-pivot.ts). */
  | { type: 'pivot'; id: number; source: QuerySource; query: ViewQuery; pivot: PivotRequest }
  /** A column's distinct values with counts in the view, its own filters left out. */
  | { type: 'distinct'; id: number; source: QuerySource; query: ViewQuery; column: number }
  /**
   * Starts reading `columns` (and the answer of `ahead`) while the file is indexed; answered
   * `identity` once read.
   */
  | {
      type: 'prepare'
      id: number
      source: PreparedSource
      columns: number[]
      ahead?: AnswerAhead
    }
  | { type: 'cancel'; id: number }

/** Why a query failed, for the caller to tell the user (the message says it in words). */
export type QueryFailure =
  /** DuckDB read a different number of rows than the row index: its row ids would be wrong. */
  | 'misread'
  /** The file is not the one that was indexed any more. */
  | 'file-changed'
  /** The query itself cannot run (a bound that is not a number, an unknown column). */
  | 'invalid'
  | 'cancelled'
  | 'failed'

export type QueryReply =
  | { id: number; ok: true; result: ViewRows | ReportTotals | PivotResult | DistinctValues }
  /** A QueryError's fields, code and params without words: main words them as it raises it again. */
  | {
      id: number
      ok: false
      failure: QueryFailure
      messageCode?: MessageCode
      params?: MessageParams
    }
  /** A view's row ids, `count` of them, in the file `rowIdsFile`, which the reader removes. */
  | { id: number; ok: true; rowIdsFile: string; count: number; rowCount?: number }

/**
 * A view of more rows than this sends its row ids in a file (in its scratch folder), not in the
 * reply: a reply of a million ids cost each process its size three times over at once (the
 * serialized copy, the pipe's buffers, the copy read back), where the file is read straight into
 * the ids.
 */
export const ROW_IDS_IN_REPLY_MAX = 64 * 1024

/**
 * The query process's own folder (its parent makes it, private, in the app's temp folder): the
 * columns it extracts, the row ids it hands over, what DuckDB spills. It removes what it is done
 * with; its parent removes the folder once the process ends, so that a process killed mid-load
 * (out of memory, say) leaves nothing behind. Passed to it as a command-line argument.
 */
const SCRATCH_DIR_PREFIX = '--scratch-dir='

export function scratchDirToArg(dir: string): string {
  return `${SCRATCH_DIR_PREFIX}${dir}`
}

export function scratchDirFromArgs(args: readonly string[]): string {
  const arg = args.find((candidate) => candidate.startsWith(SCRATCH_DIR_PREFIX))
  if (!arg || arg.length === SCRATCH_DIR_PREFIX.length)
    throw new Error(`the query process needs ${SCRATCH_DIR_PREFIX}FOLDER`)
  return arg.slice(SCRATCH_DIR_PREFIX.length)
}

/** How much the query process may use, passed to it as command-line arguments. */
export interface QueryProcessLimits {
  memoryLimitMb: number
  threads: number
}

export function limitsToArgs(limits: QueryProcessLimits): string[] {
  return [`--memory-limit-mb=${limits.memoryLimitMb}`, `--threads=${limits.threads}`]
}

export function limitsFromArgs(args: readonly string[]): QueryProcessLimits {
  const value = (name: string) => {
    const prefix = `--${name}=`
    const arg = args.find((candidate) => candidate.startsWith(prefix))
    const number = Number(arg?.slice(prefix.length))
    if (!Number.isInteger(number) || number <= 0)
      throw new Error(`the query process needs ${prefix}N`)
    return number
  }
  return { memoryLimitMb: value('memory-limit-mb'), threads: value('threads') }
}
