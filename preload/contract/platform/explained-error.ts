/**
 * An error main throws when the window should be able to say it in its own language (see
 * explained.ts). In a file of its own, without zod: the report engine's threads throw it too, and
 * zod costs each thread that loads it 20 MB (tests/unit/build/zod-free-processes.test.ts).
 */
export class ExplainedError extends Error {
  constructor(
    message: string,
    readonly messageCode: string,
    /** Values as explained.ts's MessageParams (this file must not load its schema). */
    readonly params: Record<string, string | number> = {},
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}
