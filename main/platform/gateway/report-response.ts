import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { PdfDamage } from '../pdf/pdf-structure'
import { internalFailureId, previewReceived } from './received-text'

export type ReportKind = 'csv' | 'pdf'

export type ReportOutcome =
  'report' | 'not-authorised' | 'internal-failure' | 'protocol-error' | 'transport-error'

export interface ReportResult {
  outcome: ReportOutcome
  kind: ReportKind | null
  /** Where the report was saved; null unless outcome is 'report'. */
  file: string | null
  bytes: number
  incidentId: string | null
  message: string
  /** Where a damaged PDF's bytes were kept, when the caller asked for that (keepDamaged). */
  damagedFile?: string
  /** Which limit of runReport a transport-error reached: the answer was too large, or too slow. */
  exceeded?: 'maxBytes' | 'deadlineMs'
  /** The message's code and values, for the window to word it (preload/contract/platform/explained.ts). */
  messageCode?: string
  params?: MessageParams
}

// Spec §7.1 gives the refusal's meaning, not its words.
const NOT_AUTHORISED =
  /not\s+authori[sz]ed|unauthori[sz]ed|forbidden|access\s+denied|not\s+allowed/i
/** A text/plain answer this short may be the gateway's words instead of a report. */
const PLAIN_MESSAGE_MAX_BYTES = 4096
const BYTE_ORDER_MARKS = /^[\uFEFF\uFFFD]+/

/** Spec §2.2: a CSV report opens with a quoted header, perhaps after a byte-order mark or UTF-16's NULs. */
function opensLikeCsv(text: string): boolean {
  return text.replaceAll('\0', '').replace(BYTE_ORDER_MARKS, '').startsWith('"')
}
const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/octet-stream',
  'application/vnd.ms-excel',
]

export interface ReceivedReport {
  status: number
  contentType: string
  /** The first bytes of the body, enough to sniff its kind. */
  head: Buffer
  /** The last bytes of the body (1 KiB is enough), to check that a PDF is whole. */
  tail: Buffer
  bytes: number
}

/** The kind of report a request's reportFormat asks for; null for one GateDesk cannot check. */
export function requestedKind(reportFormat: string): ReportKind | null {
  const format = reportFormat.trim().toLowerCase()
  return format === 'csv' || format === 'pdf' ? format : null
}

/** PDF's white-space characters (ISO 32000-1 §7.2.2), which may follow the %%EOF marker. */
const PDF_TRAILING_WHITESPACE = /[\0\t\n\f\r ]+$/

/** A whole PDF ends with %%EOF: one cut off or damaged in transit does not. */
function endsLikePdf(tail: Buffer): boolean {
  return tail.toString('latin1').replace(PDF_TRAILING_WHITESPACE, '').endsWith('%%EOF')
}

/** Why there is no report: `message` in main's words, with its code and values for the window. */
export function reportFailure(
  outcome: Exclude<ReportOutcome, 'report'>,
  message: string,
  explained: { messageCode: string; params?: MessageParams },
  incidentId: string | null = null,
): ReportResult {
  return { outcome, kind: null, file: null, bytes: 0, incidentId, message, ...explained }
}

/**
 * Classifies the report operation's answer (spec §4.1, §7.1): which kind of report, or why none.
 * A report must be of the kind asked for (`expected`, unless null), and a PDF must be whole.
 */
export function classifyReport(
  received: ReceivedReport,
  expected: ReportKind | null,
): ReportKind | ReportResult {
  const kind = sniffReport(received)
  if (typeof kind !== 'string') return kind
  if (expected !== null && kind !== expected) {
    return reportFailure(
      'protocol-error',
      `You asked for a ${expected.toUpperCase()} report, but the gateway sent a ${kind.toUpperCase()}, so it was not kept. Check the request's reportFormat; if it is right, tell support.`,
      {
        messageCode: 'report.kind-mismatch',
        params: { expected: expected.toUpperCase(), kind: kind.toUpperCase() },
      },
    )
  }
  if (kind === 'pdf' && !endsLikePdf(received.tail)) {
    return reportFailure(
      'protocol-error',
      'The gateway sent a PDF that does not end with %%EOF: it was cut off or damaged on the way, so it was not kept. Run the report again; if it keeps happening, tell support.',
      { messageCode: 'report.pdf-cut-off' },
    )
  }
  return kind
}

const DAMAGED_PDF_ADVICE =
  'It was not kept as a report. Run the report again; if it keeps happening, tell support.'

/** Why a PDF whose structure does not hold together (pdf/pdf-structure.ts) is no report. */
export function damagedPdfFailure(damage: PdfDamage): ReportResult {
  const messageCode = `report.pdf-damaged.${damage.code}`
  switch (damage.code) {
    case 'no-startxref':
      return reportFailure(
        'protocol-error',
        `The gateway sent a damaged PDF: its end does not say where its cross-reference table is, so its pages cannot be found. ${DAMAGED_PDF_ADVICE}`,
        { messageCode },
      )
    case 'bad-xref':
      return reportFailure(
        'protocol-error',
        `The gateway sent a damaged PDF: there is no readable cross-reference table at byte ${damage.offset}, where its end says. ${DAMAGED_PDF_ADVICE}`,
        { messageCode, params: { offset: damage.offset } },
      )
    case 'misplaced-object':
      return reportFailure(
        'protocol-error',
        `The gateway sent a damaged PDF: object ${damage.object} is not at byte ${damage.offset}, where its cross-reference table says. ${DAMAGED_PDF_ADVICE}`,
        { messageCode, params: { object: damage.object, offset: damage.offset } },
      )
    case 'no-catalog':
      return reportFailure(
        'protocol-error',
        `The gateway sent a damaged PDF: its trailer names no readable document catalog. ${DAMAGED_PDF_ADVICE}`,
        { messageCode },
      )
    case 'no-pages':
      return reportFailure(
        'protocol-error',
        `The gateway sent a damaged PDF: its document catalog names no pages. ${DAMAGED_PDF_ADVICE}`,
        { messageCode },
      )
  }
}

/** What the answer is by its status, type and first bytes: a kind of report, or why none. */
function sniffReport(received: ReceivedReport): ReportKind | ReportResult {
  const { status, head, bytes } = received
  const mediaType = received.contentType.split(';')[0]!.trim().toLowerCase()
  const text = head.subarray(0, PLAIN_MESSAGE_MAX_BYTES).toString('utf8')

  if (status === 500) {
    const incidentId = internalFailureId(head)
    return reportFailure(
      'internal-failure',
      `The gateway had an internal failure${incidentId ? ` (incident ${incidentId})` : ''}; try the report again later, or give the incident ID to support.`,
      incidentId
        ? { messageCode: 'report.internal-failure', params: { incident: incidentId } }
        : { messageCode: 'report.internal-failure-no-id' },
      incidentId,
    )
  }
  if (status !== 200) {
    const shown = previewReceived(head)
    return reportFailure(
      'protocol-error',
      `The gateway answered with HTTP ${status} instead of a report. Received: ${shown}`,
      { messageCode: 'report.http-status', params: { status, received: shown } },
    )
  }
  // Spec §7.1: refusal comes as HTTP 200 text/plain, so it must be told apart from a CSV report.
  if (mediaType === 'text/plain' && bytes <= PLAIN_MESSAGE_MAX_BYTES && !opensLikeCsv(text)) {
    if (NOT_AUTHORISED.test(text)) {
      const answer = text.trim().slice(0, 120)
      return reportFailure(
        'not-authorised',
        `The gateway says this merchant is not authorised for the report ("${answer}"). Check the merchant login and control key of the environment, and that support enabled this report.`,
        { messageCode: 'report.not-authorised', params: { answer } },
      )
    }
    if (text.trim() !== '') {
      const shown = previewReceived(text.trim())
      return reportFailure(
        'protocol-error',
        `The gateway answered with a message instead of a report: ${shown}`,
        { messageCode: 'report.plain-message', params: { received: shown } },
      )
    }
  }
  if (bytes === 0) {
    return reportFailure('protocol-error', 'The gateway sent an empty report.', {
      messageCode: 'report.empty',
    })
  }
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf'
  if (mediaType === 'application/pdf') {
    const shown = previewReceived(head)
    return reportFailure(
      'protocol-error',
      `The gateway said the report is a PDF, but the content is not one. Received: ${shown}`,
      { messageCode: 'report.not-pdf', params: { received: shown } },
    )
  }
  if ((mediaType === '' || CSV_TYPES.includes(mediaType)) && !/^\s*</.test(text)) return 'csv'
  const shown = previewReceived(head)
  return reportFailure(
    'protocol-error',
    `The gateway sent ${mediaType || 'untyped content'} that is neither a CSV nor a PDF report. Received: ${shown}`,
    mediaType
      ? { messageCode: 'report.neither', params: { type: mediaType, received: shown } }
      : { messageCode: 'report.neither-untyped', params: { received: shown } },
  )
}
