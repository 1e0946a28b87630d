import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { rowScanKernel } from '../../../../main/platform/csv/row-scan-kernel'
import type { RowScannerOptions } from '../../../../main/platform/csv/row-scan'
import { RowScanner } from '../../../../main/platform/csv/row-scanner'

// The SIMD kernel against the state machine alone: the same scan, field for field, on random
// files of the characters that matter to CSV, fed in random chunks, from the start or from a cut.

const BYTE_ORDER_MARK = '\ufeff'
const LINE_BREAKS = ['\n', '\r\n', '\r']

/** Pieces of a field's content, the tricky ones often. */
const contentPiece = (delimiter: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom('a', 'Zz9', 'Order #1', '0.010', 'é', 'Ромашка', '😀'),
    },
    { weight: 3, arbitrary: fc.constantFrom('""', delimiter, ' ', '\t', ';', ',') },
    { weight: 2, arbitrary: fc.constantFrom(...LINE_BREAKS) },
  )

/** A field: quoted (anything inside, quotes doubled), plain, or one of papaparse's odd quotes. */
const field = (delimiter: string) =>
  fc
    .tuple(
      fc.constantFrom('quoted', 'quoted', 'quoted', 'plain', 'plain', 'empty', 'odd'),
      fc.array(contentPiece(delimiter), { maxLength: 5 }),
      fc.constantFrom('5" screen', ' "a"', '"x"y', '"x" ', '"x"\t', '"open', '"a"""'),
    )
    .map(([kind, pieces, odd]) => {
      const content = pieces.join('')
      if (kind === 'quoted') return `"${content.replaceAll('"', '""')}"`
      if (kind === 'plain') return content.replace(/["\r\n]/g, '').replaceAll(delimiter, '')
      if (kind === 'empty') return ''
      return odd
    })

/** A file: a header, rows of about its width (some ragged), blank lines, perhaps no final break. */
const csvFile = fc
  .tuple(
    fc.constantFrom(',', ';', '\t'),
    fc.constantFrom(...LINE_BREAKS, 'mixed'),
    fc.integer({ min: 1, max: 6 }),
    fc.boolean(),
    fc.boolean(),
  )
  .chain(([delimiter, lineBreak, width, byteOrderMark, finalBreak]) =>
    fc
      .tuple(
        fc.array(
          fc.tuple(
            fc.oneof(
              { weight: 8, arbitrary: fc.constant(width) },
              { weight: 1, arbitrary: fc.integer({ min: 1, max: width + 2 }) },
            ),
            fc.array(field(delimiter), { minLength: width + 2, maxLength: width + 2 }),
            fc.constantFrom(...LINE_BREAKS),
            fc.constantFrom('', '', '', '', '\n', '\r\n\r\n'),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        fc.oneof(fc.constant(''), fc.constant('"unclosed, at the end')),
      )
      .map(([rows, tail]) => {
        let text = byteOrderMark ? BYTE_ORDER_MARK : ''
        rows.forEach(([count, fields, randomBreak, blank], index) => {
          const isLast = index === rows.length - 1
          const lineEnd = lineBreak === 'mixed' ? randomBreak : lineBreak
          text += fields.slice(0, index === 0 ? width : count).join(delimiter)
          if (!isLast || finalBreak || tail) text += lineEnd + blank
        })
        return { delimiter, bytes: Buffer.from(text + tail) }
      }),
  )

/** How a file is cut into chunks: fixed sizes around a block, or random ones. */
const chunking = fc.oneof(
  fc.constantFrom(1, 63, 64, 65, 1000).map((size) => () => size),
  fc
    .array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 20 })
    .map((sizes) => (i: number) => sizes[i % sizes.length]!),
)

interface Observed {
  afterEachChunk: unknown[]
  scan: unknown
}

function scanInChunks(
  bytes: Uint8Array,
  options: RowScannerOptions,
  chunkSize: (i: number) => number,
  Scanner: typeof RowScanner = RowScanner,
): Observed {
  const scanner = new Scanner(options)
  const afterEachChunk: unknown[] = []
  for (let position = 0, i = 0; position < bytes.length; i++) {
    const end = Math.min(bytes.length, position + chunkSize(i))
    scanner.feed(bytes.subarray(position, end))
    position = end
    afterEachChunk.push({
      // Offsets are only appended: their count here, all of them at the end.
      rows: scanner.rowStarts().length,
      line: scanner.currentLine,
      betweenRows: scanner.betweenRows,
      problemCount: scanner.problemCount,
      headerStart: scanner.headerStart,
      headerFieldCount: scanner.headerFieldCount,
    })
  }
  const { offsets, ...rest } = scanner.finish()
  return { afterEachChunk, scan: { ...rest, offsets: [...offsets], line: scanner.currentLine } }
}

/** The scan with the kernel and without it, from the start and from a cut after a line break. */
function expectKernelLikeStateMachine(
  { delimiter, bytes }: { delimiter: string; bytes: Buffer },
  chunkSize: (i: number) => number,
  cutChoice: number,
): void {
  const options = { delimiter: delimiter.charCodeAt(0), maxProblems: 5 }
  const withKernel = scanInChunks(bytes, options, chunkSize)
  expect(withKernel).toEqual(scanInChunks(bytes, { ...options, simd: false }, chunkSize))

  const breaks = [...bytes.keys()].filter((i) => bytes[i] === 0x0a || bytes[i] === 0x0d)
  if (breaks.length === 0) return
  const offset = breaks[cutChoice % breaks.length]! + 1
  const continueAt = { offset, headerFieldCount: 1 + (cutChoice % 4) }
  const rest = bytes.subarray(offset)
  expect(scanInChunks(rest, { ...options, continueAt }, chunkSize)).toEqual(
    scanInChunks(rest, { ...options, continueAt, simd: false }, chunkSize),
  )
}

describe('row scanner: SIMD kernel against the state machine', () => {
  it('has the kernel here (Node has WebAssembly SIMD)', () => {
    expect(rowScanKernel()).not.toBeNull()
  })

  it('scans with the state machine alone where WebAssembly SIMD is unavailable', async () => {
    const { WebAssembly } = globalThis as unknown as { WebAssembly: { validate: () => boolean } }
    vi.resetModules()
    vi.spyOn(WebAssembly, 'validate').mockReturnValue(false)
    try {
      const kernel = await import('../../../../main/platform/csv/row-scan-kernel')
      const { RowScanner: Scanner } = await import('../../../../main/platform/csv/row-scanner')
      expect(kernel.rowScanKernel()).toBeNull()
      const bytes = Buffer.from('a,b\r\n"x","y"\n1,2\n3\n')
      const options = { delimiter: 0x2c, maxProblems: 5 }
      expect(scanInChunks(bytes, options, () => 64, Scanner)).toEqual(
        scanInChunks(bytes, { ...options, simd: false }, () => 64),
      )
    } finally {
      vi.restoreAllMocks()
      vi.resetModules()
    }
  })

  it('scans random tricky files alike, in any chunks, from the start or a cut', () => {
    fc.assert(
      fc.property(csvFile, chunking, fc.nat(), (file, chunkSize, cutChoice) =>
        expectKernelLikeStateMachine(file, chunkSize, cutChoice),
      ),
      { numRuns: 3000 },
    )
  })

  it('scans rows longer than a 64 KiB slice alike', () => {
    const long = `"${'x\r\n""y,'.repeat(30_000)}"`
    const bytes = Buffer.from(`a,b\n1,${long}\n${long},2\r\n3,4\n${long}\n5,6\n"open,${long}`)
    for (const size of [1000, 65_536, 100_000, bytes.length]) {
      expectKernelLikeStateMachine({ delimiter: ',', bytes }, () => size, size)
    }
  })

  it('scans files of many 64 KiB slices alike', () => {
    fc.assert(
      fc.property(csvFile, fc.integer({ min: 1000, max: 1 << 20 }), (file, chunkSize) => {
        const bytes = Buffer.concat(Array<Buffer>(200).fill(file.bytes))
        expectKernelLikeStateMachine({ ...file, bytes }, () => chunkSize, chunkSize)
      }),
      { numRuns: 40 },
    )
  })
})
