import { PDFDataRangeTransport } from 'pdfjs-dist'

/**
 * pdf.js reads the file in pieces of this size, only those it needs. Larger than pdf.js's 64 KiB:
 * the file is local, so fewer requests matter more than fewer bytes.
 */
export const RANGE_CHUNK_SIZE = 262_144

/**
 * The end of the file is read with the start, in parallel: pdf.js reads the cross-reference
 * table there next, and for a long report that table spans more than one chunk (two serial
 * round trips saved before page 1 of a 2,000-page report can be drawn).
 */
const TAIL_SIZE = 1.5 * RANGE_CHUNK_SIZE

/** The file could not be fetched (gone from disk, or an answer that is not a range): not the PDF's fault. */
export class ReportFileUnavailable extends Error {
  override name = 'ReportFileUnavailable'
}

interface ReadBytes {
  bytes: Uint8Array
  /** Where `bytes` start in the file. */
  begin: number
  /** The file's size. */
  total: number
}

/**
 * The bytes a Range header names (`bytes=a-b`, or the suffix `bytes=-n`), where they start, and
 * the file's size, by one HTTP Range request.
 */
async function fetchRange(url: string, range: string, signal: AbortSignal): Promise<ReadBytes> {
  const response = await fetch(url, { headers: { Range: range }, cache: 'no-store', signal })
  const contentRange = /^bytes (?:(\d+)-\d+|\*)\/(\d+)$/.exec(
    response.headers.get('content-range') ?? '',
  )
  const [, first, size] = contentRange ?? []
  const total = Number(size)
  // 416 for a range past the end: the file is empty (or shrank); the size says which.
  if (response.status === 416 && Number.isInteger(total)) {
    return { bytes: new Uint8Array(0), begin: total, total }
  }
  if (response.status !== 206 || first === undefined || !Number.isInteger(total)) {
    throw new ReportFileUnavailable(
      response.status === 404
        ? 'the file is no longer there'
        : `the file was answered with HTTP ${response.status}`,
    )
  }
  return { bytes: new Uint8Array(await response.arrayBuffer()), begin: Number(first), total }
}

const fetchBytes = (url: string, begin: number, end: number, signal: AbortSignal) =>
  fetchRange(url, `bytes=${begin}-${end - 1}`, signal)

/**
 * Feeds pdf.js from our own Range requests. pdf.js's own URL loading uses ranges only over
 * http(s); under app:// it would read the whole file, so the app fetches each range itself:
 * the same code in the app (app://) and under the e2e harness (http://).
 */
class FetchRangeTransport extends PDFDataRangeTransport {
  constructor(
    length: number,
    initialData: Uint8Array,
    /** The end of the file, read ahead: ranges inside it are answered without a request. */
    private readonly tail: ReadBytes,
    private readonly url: string,
    private readonly signal: AbortSignal,
    private readonly onReadError: (error: Error) => void,
  ) {
    super(length, initialData, initialData.length >= length)
  }

  /** Bytes [begin, end) of the file: what the tail read ahead holds is not read again. */
  private async read(begin: number, end: number): Promise<ReadBytes> {
    const { tail } = this
    const tailEnd = tail.begin + tail.bytes.length
    if (Math.min(end, tail.total) > tailEnd || end <= tail.begin) {
      return fetchBytes(this.url, begin, end, this.signal)
    }
    // Copies: pdf.js takes each answer's buffer for its worker.
    const fromTail = tail.bytes.slice(Math.max(0, begin - tail.begin), end - tail.begin)
    if (begin >= tail.begin) return { bytes: fromTail, begin, total: tail.total }
    const head = await fetchBytes(this.url, begin, tail.begin, this.signal)
    const bytes = new Uint8Array(head.bytes.length + fromTail.length)
    bytes.set(head.bytes)
    bytes.set(fromTail, head.bytes.length)
    return { bytes, begin, total: head.total }
  }

  override requestDataRange(begin: number, end: number): void {
    this.read(begin, end)
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
 * Reads the first chunk (and the file's size) and the end of the file, and returns the transport
 * that reads the rest on demand. `onReadError` hears of a later read that failed: pdf.js itself
 * would wait forever.
 */
export async function openRangeTransport(
  url: string,
  signal: AbortSignal,
  onReadError: (error: Error) => void,
): Promise<PDFDataRangeTransport> {
  const [head, tail] = await Promise.all([
    fetchBytes(url, 0, RANGE_CHUNK_SIZE, signal),
    fetchRange(url, `bytes=-${TAIL_SIZE}`, signal),
  ])
  if (tail.total !== head.total)
    throw new ReportFileUnavailable('the file changed while it was shown')
  return new FetchRangeTransport(head.total, head.bytes, tail, url, signal, onReadError)
}
