/** Rows are fetched and cached in aligned blocks of this many. */
export const BLOCK_ROWS = 100
/** Blocks kept (least recently wanted dropped first): a few screens either way, flat memory. */
const MAX_BLOCKS = 64
/** The most rows one fetch asks for (the contract allows 1000). */
const FETCH_ROWS_MAX = 1000

/** The rows of one view of a report that the window holds: a small LRU of aligned blocks. */
export class RowCache {
  private readonly blocks = new Map<number, string[][]>()

  constructor(private readonly maxBlocks = MAX_BLOCKS) {}

  row(index: number): string[] | undefined {
    return this.blocks.get(Math.floor(index / BLOCK_ROWS))?.[index % BLOCK_ROWS]
  }

  /**
   * The one block-aligned span to fetch for rows [from, to) of a view of `rowCount` rows, or null
   * when all are here. Marks the wanted blocks as recently used.
   */
  missing(from: number, to: number, rowCount: number): { from: number; to: number } | null {
    const end = Math.min(to, rowCount)
    if (end <= from) return null
    let first: number | null = null
    let last = 0
    for (let block = Math.floor(from / BLOCK_ROWS); block * BLOCK_ROWS < end; block++) {
      const held = this.blocks.get(block)
      const needed = Math.min(BLOCK_ROWS, rowCount - block * BLOCK_ROWS)
      if (held && held.length >= needed) {
        this.blocks.delete(block)
        this.blocks.set(block, held)
        continue
      }
      first ??= block
      last = block
    }
    if (first === null) return null
    const spanFrom = first * BLOCK_ROWS
    const spanTo = Math.min((last + 1) * BLOCK_ROWS, rowCount, spanFrom + FETCH_ROWS_MAX)
    return { from: spanFrom, to: spanTo }
  }

  /** Stores rows fetched from `from`, a multiple of BLOCK_ROWS. */
  put(from: number, rows: string[][]): void {
    for (let start = 0; start < rows.length; start += BLOCK_ROWS) {
      const block = (from + start) / BLOCK_ROWS
      this.blocks.delete(block)
      this.blocks.set(block, rows.slice(start, start + BLOCK_ROWS))
    }
    for (const oldest of this.blocks.keys()) {
      if (this.blocks.size <= this.maxBlocks) break
      this.blocks.delete(oldest)
    }
  }

  clear(): void {
    this.blocks.clear()
  }
}
