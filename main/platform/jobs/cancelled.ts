/** Whether `error` is the rejection of work stopped through its AbortSignal (a user's Cancel). */
export const isCancelled = (error: unknown) =>
  error instanceof DOMException && error.name === 'AbortError'
