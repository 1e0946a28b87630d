const INITIAL_CAPACITY = 1024
const GROWTH = 1.5
const BYTES = Float64Array.BYTES_PER_ELEMENT
/** A resizable buffer grows by this many offsets at a time (1 MiB). */
const RESIZE_STEP = 128 * 1024

/** ES2024's resizable ArrayBuffer (Node 20 and later), newer than this project's TypeScript lib. */
interface ResizableBuffer extends ArrayBuffer {
  readonly maxByteLength: number
  resize(byteLength: number): void
}
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => ResizableBuffer

/**
 * Byte offsets appended one by one into a growable Float64Array (offsets may exceed 2^32).
 *
 * Given the most offsets there can be (`maxLength`), the list lives in a resizable ArrayBuffer:
 * it reserves address space for all of them but commits memory only as it grows, in place, so
 * growing never copies and never holds the old array beside the new one, and `toArray` shrinks
 * it in place to its exact size. Without it (or where the reservation fails) it grows by copying.
 */
export class OffsetList {
  private values: Float64Array
  private resizable: ResizableBuffer | null = null
  private count = 0

  constructor(maxLength?: number) {
    if (maxLength !== undefined) {
      try {
        this.resizable = new ResizableArrayBuffer(0, {
          maxByteLength: Math.max(1, maxLength) * BYTES,
        })
      } catch {
        this.resizable = null
      }
    }
    this.values = this.resizable
      ? new Float64Array(this.resizable)
      : new Float64Array(INITIAL_CAPACITY)
  }

  get length(): number {
    return this.count
  }

  push(offset: number): void {
    if (this.count === this.values.length) this.grow()
    this.values[this.count++] = offset
  }

  /** Appends these offsets, in one copy. */
  append(offsets: Float64Array): void {
    while (this.count + offsets.length > this.values.length) this.grow()
    this.values.set(offsets, this.count)
    this.count += offsets.length
  }

  /** The offsets so far, as a view that later pushes may invalidate. */
  view(): Float64Array {
    return this.values.subarray(0, this.count)
  }

  /**
   * The offsets in an array of their own, sized exactly (to transfer or keep). A resizable list
   * hands over its own buffer, shrunk to size: push no more after this.
   */
  toArray(): Float64Array {
    if (!this.resizable) return this.values.slice(0, this.count)
    this.resizable.resize(this.count * BYTES)
    return new Float64Array(this.resizable, 0, this.count)
  }

  private grow(): void {
    const buffer = this.resizable
    if (buffer) {
      const length = Math.min(buffer.maxByteLength / BYTES, this.count + RESIZE_STEP)
      if (length > this.count) {
        buffer.resize(length * BYTES)
        // A length-tracking view would check the buffer's length on every access.
        this.values = new Float64Array(buffer, 0, length)
        return
      }
      // More offsets than were expected: go on in an ordinary array.
      this.values = this.values.slice()
      this.resizable = null
    }
    const grown = new Float64Array(Math.ceil(Math.max(this.values.length, 16) * GROWTH))
    grown.set(this.values)
    this.values = grown
  }
}
