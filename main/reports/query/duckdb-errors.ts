/** Whether DuckDB failed for want of memory (its own error text): no other reading would help. */
export function isOutOfMemory(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return message.startsWith('Out of Memory Error')
}
