const CR = 0x0d
const LF = 0x0a

/** Whether `byte` starts a line break: a CR, or an LF that does not end a CRLF. */
export function isLineBreak(byte: number, previousByte: number): boolean {
  return byte === CR || (byte === LF && previousByte !== CR)
}

/** Two byte arrays as one. */
export function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length)
  joined.set(first)
  joined.set(second, first.length)
  return joined
}
