import { appendFileSync, closeSync, openSync, readFileSync, rmSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ByteProgress, FileTaskControl } from '../../../../main/platform/csv/byte-progress'
import { CsvError } from '../../../../main/platform/csv/csv-error'
import {
  indexInThisThread,
  indexInTwoParts,
  indexRows,
  startIndexThread,
  type IndexThread,
} from '../../../../main/platform/csv/row-index'
import type { SampleRequest } from '../../../../main/platform/csv/row-sample'
import { readRowRange } from '../../../../main/platform/csv/row-window'
import { REPORT_COLUMNS } from '../../../../main/sandbox/reports/report-rows'
import { sourceScript } from '../../../../main/platform/workers/script-ref'
import { caught } from '../../../fixtures/caught'
import {
  csvScratch,
  scanBytes,
  TRICKY_CSV,
  TRICKY_ROWS,
  wordedAsMain,
} from '../../../fixtures/csv-files'

const scratch = csvScratch()
const script = sourceScript('row-index-worker')
let big: string
beforeAll(() => {
  // 32 MiB: 4 reads of the worker, time enough to cancel in the middle.
  const row =
    '"Shop","1001","ORD-1","2024-03-01 09:15:00","10.500","EUR","sale","Coffee, ""hot""\r\nto go","15.03.2024"\r\n'
  const header = `"${REPORT_COLUMNS.join('","')}"\r\n`
  big = scratch.write('big.csv', header + row.repeat(Math.ceil((32 << 20) / row.length)))
})
afterAll(() => scratch.close())

/**
 * Indexes the big file twice: cancelled before it starts, and at its first progress (which must
 * come before the end). The failures, and whether the second had failed by the next turn of the
 * event loop after the abort.
 */
async function cancelled(index: (control: FileTaskControl) => Promise<unknown>) {
  const before = new AbortController()
  before.abort()
  const early = await caught(() => index({ signal: before.signal }), Error)
  const abort = new AbortController()
  const progress: ByteProgress[] = []
  let rejected = false
  let rejectedByNextTurn = false
  const running = index({
    signal: abort.signal,
    onProgress: (p) => {
      progress.push(p)
      abort.abort()
      setImmediate(() => (rejectedByNextTurn = rejected))
    },
  })
  running.catch(() => (rejected = true))
  const halfway = await caught(() => running, Error)
  await new Promise((resolve) => setImmediate(resolve))
  expect(progress).toHaveLength(1)
  expect(progress[0]!.bytesDone).toBeLessThan(progress[0]!.bytesTotal)
  return { early, halfway, rejectedByNextTurn }
}

describe('indexing in a worker thread', () => {
  it('finds the rows the scanner finds, and reports progress up to the whole file', async () => {
    const path = scratch.write('tricky.csv', TRICKY_CSV)
    const progress: ByteProgress[] = []
    const index = await indexRows(
      script,
      path,
      { delimiter: ',' },
      {
        onProgress: (p) => progress.push(p),
      },
    )
    const size = Buffer.byteLength(TRICKY_CSV)
    expect(index).toMatchObject({ ...scanBytes(Buffer.from(TRICKY_CSV)), fileSize: size })
    expect(progress.at(-1)).toEqual({ bytesDone: size, bytesTotal: size })
    const file = await scratch.open(path)
    expect(await readRowRange({ ...file, index }, 0, index.rowCount)).toEqual(TRICKY_ROWS)
  })

  it('indexes an empty file and a header-only file as having no rows', async () => {
    for (const [name, text, headerFieldCount] of [
      ['empty.csv', '', 0],
      ['header.csv', '"a";"b"\r\n', 2],
    ] as const) {
      const index = await indexRows(script, scratch.write(name, text), { delimiter: ';' })
      expect(index).toMatchObject({ rowCount: 0, headerFieldCount, problemCount: 0 })
    }
  })

  it('gives the offsets of a large file with every row read the same', async () => {
    const index = await indexRows(script, big, { delimiter: ',' })
    expect(index.problemCount).toBe(0)
    expect(index.offsets).toHaveLength(index.rowCount + 1)
    const expected = scanBytes(await readFile(big)).offsets
    expect(Buffer.from(index.offsets.buffer).equals(Buffer.from(expected.buffer))).toBe(true)
  })

  it('stops at once when cancelled, before it starts or halfway', async () => {
    const { early, halfway, rejectedByNextTurn } = await cancelled((control) =>
      indexRows(script, big, { delimiter: ',' }, control),
    )
    expect(early.name).toBe('AbortError')
    expect(halfway.name).toBe('AbortError')
    // "At once" as an order of events, not a time: the promise has failed before the next turn
    // of the event loop after the abort, without waiting for the thread to wind down.
    expect(rejectedByNextTurn).toBe(true)
  })

  it('says when the file is missing', async () => {
    const error = await caught(
      () => indexRows(script, `${scratch.dir}/gone.csv`, { delimiter: ',' }),
      CsvError,
    )
    expect(error.code).toBe('file-missing')
    expect(error.message).toMatch(/"gone\.csv" is no longer there/)
  })

  it('says when the worker dies', async () => {
    const dying = { file: scratch.write('dying.mjs', 'process.exit(3)'), execArgv: [] }
    const error = await caught(
      () => indexRows(dying, scratch.write('any.csv', 'a\n'), { delimiter: ',' }),
      CsvError,
    )
    expect(error.code).toBe('index-failed')
    expect(error.message).toBe(
      'GateDesk could not index "any.csv": the indexing thread stopped (exit code 3).',
    )
  })

  it('gives an index that refuses rows once the file changed or was deleted', async () => {
    const opened = async (name: string) => {
      const path = scratch.write(name, TRICKY_CSV)
      const index = await indexRows(script, path, { delimiter: ',' })
      return { ...(await scratch.open(path)), index }
    }
    const changed = await opened('changed.csv')
    appendFileSync(changed.path, '"one","more","row"\r\n')
    expect((await caught(() => wordedAsMain(readRowRange(changed, 0, 1)), CsvError)).code).toBe(
      'file-changed',
    )
    const deleted = await opened('deleted.csv')
    rmSync(deleted.path)
    expect((await caught(() => wordedAsMain(readRowRange(deleted, 0, 1)), CsvError)).code).toBe(
      'file-missing',
    )
  })
})

describe('indexing in the calling thread', () => {
  it('finds what a worker finds, with progress up to the whole file', async () => {
    for (const path of [scratch.write('tricky-here.csv', TRICKY_CSV), big]) {
      const progress: ByteProgress[] = []
      const here = await indexInThisThread().index(
        path,
        { delimiter: ',' },
        { onProgress: (p) => progress.push(p) },
      )
      const { size } = await stat(path)
      expect(here).toMatchObject({ ...scanBytes(await readFile(path)), fileSize: size })
      expect(progress.at(-1)).toEqual({ bytesDone: size, bytesTotal: size })
    }
  })

  it('gives the event loop a turn between reads', async () => {
    // Without the turns, the 32 MiB would be scanned in one go and nothing else would run.
    let turns = 0
    let indexing = true
    const count = () => {
      turns++
      if (indexing) setImmediate(count)
    }
    setImmediate(count)
    await indexInThisThread().index(big, { delimiter: ',' })
    indexing = false
    expect(turns).toBeGreaterThanOrEqual(16)
  })

  it('stops when cancelled, before it starts or halfway', async () => {
    const { early, halfway } = await cancelled((control) =>
      indexInThisThread().index(big, { delimiter: ',' }, control),
    )
    expect(early.name).toBe('AbortError')
    expect(halfway.name).toBe('AbortError')
  })

  it('says when the file is missing', async () => {
    const error = await caught(
      () => indexInThisThread().index(`${scratch.dir}/gone.csv`, { delimiter: ',' }),
      CsvError,
    )
    expect(error.code).toBe('file-missing')
    expect(error.message).toMatch(/"gone\.csv" is no longer there/)
  })
})

describe('indexing in two parts at once', () => {
  const twoParts = async (
    cut: number,
    sample?: SampleRequest,
    first: IndexThread = startIndexThread(script),
  ) => {
    const fd = openSync(big, 'r')
    try {
      return await indexInTwoParts(
        [first, startIndexThread(script)],
        big,
        { delimiter: ',', ...(sample ? { sample } : {}) },
        { cut, headerFieldCount: REPORT_COLUMNS.length, fd },
      )
    } finally {
      closeSync(fd)
    }
  }

  it('gives the index of one thread, cut where a row starts or inside a quoted field', async () => {
    const whole = scanBytes(await readFile(big))
    const bytes = await readFile(big)
    const middle = Math.floor(bytes.length / 2)
    // The first line break after the middle: between rows, or inside "…hot""\r\nto go".
    const rowStart = whole.offsets.find((offset) => offset > middle)!
    const insideQuotes = bytes.indexOf('hot""\r\nto go', middle) + 'hot""\r\n'.length
    const cases = [rowStart, insideQuotes].flatMap((cut) => [
      { cut, first: startIndexThread(script) },
      // The command line scans the first part itself.
      { cut, first: indexInThisThread() },
    ])
    for (const { cut, first } of cases) {
      const index = await twoParts(cut, undefined, first)
      expect(index.rowCount).toBe(whole.rowCount)
      expect(index.problemCount).toBe(0)
      expect(index.headerFieldCount).toBe(whole.headerFieldCount)
      expect(index.cut).toBeUndefined()
      expect(Buffer.from(index.offsets.buffer).equals(Buffer.from(whole.offsets.buffer))).toBe(true)
    }
  })

  it('samples rows across the whole file once the parts are joined', async () => {
    const whole = scanBytes(await readFile(big))
    const { size } = await stat(big)
    const cut = whole.offsets.find((offset) => offset > size / 2)!
    const index = await twoParts(cut, { fromRow: 100, windows: 4, windowRows: 2 })
    const windows = index.sample!.windows
    expect(windows.map((window) => window.from)).toEqual(
      [0, 1, 2, 3, 4]
        .map((k) => 100 + k * Math.floor(whole.rowCount / 4))
        .filter((row) => row < whole.rowCount),
    )
    const text = readFileSync(big)
    for (const { from, to, bytes } of windows) {
      expect(Buffer.from(bytes).equals(text.subarray(whole.offsets[from], whole.offsets[to]))).toBe(
        true,
      )
    }
  })
})
