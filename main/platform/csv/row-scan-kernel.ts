import { ROW_SCAN_KERNEL_WASM } from './row-scan-kernel.wasm.generated'

/** The little of WebAssembly used here (this project's TypeScript lib has no WebAssembly types). */
declare const WebAssembly: {
  validate(bytes: Uint8Array): boolean
  Module: new (bytes: Uint8Array) => object
  Instance: new (module: object, imports: object) => { exports: object }
}

/** The exports of row-scan-kernel.c. */
interface KernelExports {
  memory: { buffer: ArrayBuffer }
  input_address(): number
  input_capacity(): number
  row_starts_address(): number
  result_address(): number
  scan(
    base: number,
    from: number,
    length: number,
    delimiter: number,
    headerFields: number,
    afterCr: number,
  ): void
}

/**
 * The row scanner's SIMD kernel (row-scan-kernel.c): given bytes and a place between rows in
 * them, it reads on over the rows that read alike in RowScanner's state machine and in any RFC
 * 4180 reader, and stops between rows before anything else (or at the end of the bytes).
 */
export class RowScanKernel {
  /** The most bytes `load` takes. */
  readonly capacity: number
  /** Where each row the last `scan` read starts in the file (its first `rows`). */
  readonly rowStarts: Float64Array
  private readonly input: Uint8Array
  private readonly result: Uint32Array
  private readonly run: KernelExports['scan']
  private length = 0

  constructor(kernel: KernelExports) {
    const memory = kernel.memory.buffer
    this.capacity = kernel.input_capacity()
    // The module never grows its memory: these views stay valid.
    this.input = new Uint8Array(memory, kernel.input_address(), this.capacity)
    this.rowStarts = new Float64Array(memory, kernel.row_starts_address(), this.capacity / 2 + 1)
    this.result = new Uint32Array(memory, kernel.result_address(), 4)
    this.run = kernel.scan
  }

  /** Copies in the bytes to scan (at most `capacity`). */
  load(bytes: Uint8Array): void {
    this.input.set(bytes)
    this.length = bytes.length
  }

  /**
   * Reads the loaded bytes, found at `base` in the file, from `from`, which is between rows, the
   * header (of `headerFields` fields) read before; `afterCr` when the byte before `from` is a CR.
   */
  scan(base: number, from: number, delimiter: number, headerFields: number, afterCr: boolean) {
    this.run(base, from, this.length, delimiter, headerFields, afterCr ? 1 : 0)
  }

  /** Where the last `scan` stopped: right after the line break of the last row it read. */
  get stop(): number {
    return this.result[0]!
  }

  /** The lines that start between `from` and `stop` (a CR, or an LF not after a CR). */
  get lineBreaks(): number {
    return this.result[1]!
  }

  /** How many rows the last `scan` read. */
  get rows(): number {
    return this.result[2]!
  }

  /** Where the last row read ends, before its line break. */
  get contentEnd(): number {
    return this.result[3]!
  }
}

let kernel: RowScanKernel | null | undefined

/** The kernel of this thread, or null where WebAssembly SIMD is unavailable. */
export function rowScanKernel(): RowScanKernel | null {
  if (kernel === undefined) {
    const bytes = Buffer.from(ROW_SCAN_KERNEL_WASM, 'base64')
    kernel = WebAssembly.validate(bytes)
      ? new RowScanKernel(
          new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as KernelExports,
        )
      : null
  }
  return kernel
}
