/** How far a pass over a file has got. */
export interface ByteProgress {
  bytesDone: number
  bytesTotal: number
}

export type ProgressListener = (progress: ByteProgress) => void

/** What a long file operation takes from its caller: a way to stop it and to follow it. */
export interface FileTaskControl {
  signal?: AbortSignal
  onProgress?: ProgressListener
}

/** Reports at most ~10 times a second: faster updates would only flood the window with IPC. */
export const PROGRESS_INTERVAL_MS = 100

/** A listener that passes on progress at most once per PROGRESS_INTERVAL_MS (and always the end). */
export function throttledProgress(listener: ProgressListener): ProgressListener {
  let lastReport = -Infinity
  return (progress) => {
    const now = performance.now()
    if (now - lastReport < PROGRESS_INTERVAL_MS && progress.bytesDone < progress.bytesTotal) return
    lastReport = now
    listener(progress)
  }
}
