import { PDFDataRangeTransport } from 'pdfjs-dist'

/**
 * pdf.js reads the file in pieces of this size, only those it needs. Larger than pdf.js's 64 KiB:
 * the file is local, so fewer requests matter more than fewer bytes.
 */
export const RANGE_CHUNK_SIZE = 262_144

/** The file could not be fetched (gone from disk, or an answer that is not a range): not the PDF's fault. */
export class ReportFileUnavailable extends Error {
  override name = 'ReportFileUnavailable'
}

/** Bytes [begin, end) of the file at `url`, and the file's size, by an HTTP Range request. */
async function fetchRange(url: string, begin: number, end: number, signal: AbortSignal) {
  const response = await fetch(url, {
    headers: { Range: `bytes=${begin}-${end - 1}` },
    cache: 'no-store',
    signal,
  })
  const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1])
  // 416 for a range past the end: the file is empty (or shrank); the size says which.
  if (response.status === 416 && Number.isInteger(total)) {
    return { bytes: new Uint8Array(0), total }
  }
  if (response.status !== 206 || !Number.isInteger(total)) {
    throw new ReportFileUnavailable(
      response.status === 404
        ? 'the file is no longer there'
        : `the file was answered with HTTP ${response.status}`,
    )
  }
  return { bytes: new Uint8Array(await response.arrayBuffer()), total }
}

/**
 * Feeds pdf.js from our own Range requests. pdf.js's own URL loading uses ranges only over
 * http(s); under app:// it would read the whole file, so the app fetches each range itself:
 * the same code in the app (app://) and under the e2e harness (http://).
 */
class FetchRangeTransport extends PDFDataRangeTransport {
  constructor(
    length: number,
    initialData: Uint8Array,
    private readonly url: string,
    private readonly signal: AbortSignal,
    private readonly onReadError: (error: Error) => void,
  ) {
    super(length, initialData, initialData.length >= length)
  }

  override requestDataRange(begin: number, end: number): void {
    fetchRange(this.url, begin, end, this.signal)
      .then(({ bytes, total }) => {
        if (total !== this.length || bytes.length !== Math.min(end, total) - begin) {
          throw new ReportFileUnavailable('the file changed while it was shown')
        }
        this.onDataRange(begin, bytes)
      })
      .catch((error: Error) => {
        if (!this.signal.aborted) this.onReadError(error)
      })
  }
}

/**
 * Reads the first chunk (and the file's size), and returns the transport that reads the rest on
 * demand. `onReadError` hears of a later read that failed: pdf.js itself would wait forever.
 */
export async function openRangeTransport(
  url: string,
  signal: AbortSignal,
  onReadError: (error: Error) => void,
): Promise<PDFDataRangeTransport> {
  const { bytes, total } = await fetchRange(url, 0, RANGE_CHUNK_SIZE, signal)
  return new FetchRangeTransport(total, bytes, url, signal, onReadError)
}
