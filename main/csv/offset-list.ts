const INITIAL_CAPACITY = 1024
const GROWTH = 1.5

/** Byte offsets appended one by one into a growable Float64Array (offsets may exceed 2^32). */
export class OffsetList {
  private values = new Float64Array(INITIAL_CAPACITY)
  private count = 0

  get length(): number {
    return this.count
  }

  push(offset: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(Math.ceil(this.values.length * GROWTH))
      grown.set(this.values)
      this.values = grown
    }
    this.values[this.count++] = offset
  }

  /** The offsets so far, as a view that later pushes may invalidate. */
  view(): Float64Array {
    return this.values.subarray(0, this.count)
  }

  /** The offsets in an array of their own, sized exactly (to transfer or keep). */
  toArray(): Float64Array {
    return this.values.slice(0, this.count)
  }
}
