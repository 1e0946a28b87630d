import type { MessageCode } from '../../../preload/contract/locales/explain'
import type { MessageParams } from '../../../preload/contract/platform/explained'
import { english } from '../i18n/english'
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
  messageCode?: MessageCode
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

/** Why there is no report: the catalog's text for `messageCode` (main.report.*), in English. */
export function reportFailure(
  outcome: Exclude<ReportOutcome, 'report'>,
  messageCode: MessageCode,
  params: MessageParams = {},
  incidentId: string | null = null,
): ReportResult {
  const message = english(messageCode, params)
  return { outcome, kind: null, file: null, bytes: 0, incidentId, message, messageCode, params }
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
    return reportFailure('protocol-error', 'report.kind-mismatch', {
      expected: expected.toUpperCase(),
      kind: kind.toUpperCase(),
    })
  }
  if (kind === 'pdf' && !endsLikePdf(received.tail)) {
    return reportFailure('protocol-error', 'report.pdf-cut-off')
  }
  return kind
}

/** Why a PDF whose structure does not hold together (pdf/pdf-structure.ts) is no report. */
export function damagedPdfFailure(damage: PdfDamage): ReportResult {
  // Where the damage is (an offset, an object number) are the message's values.
  const { code, ...where } = damage
  return reportFailure('protocol-error', `report.pdf-damaged.${code}`, where)
}

/** What the answer is by its status, type and first bytes: a kind of report, or why none. */
function sniffReport(received: ReceivedReport): ReportKind | ReportResult {
  const { status, head, bytes } = received
  const mediaType = received.contentType.split(';')[0]!.trim().toLowerCase()
  const text = head.subarray(0, PLAIN_MESSAGE_MAX_BYTES).toString('utf8')

  if (status === 500) {
    const incidentId = internalFailureId(head)
    return incidentId
      ? reportFailure(
          'internal-failure',
          'report.internal-failure',
          { incident: incidentId },
          incidentId,
        )
      : reportFailure('internal-failure', 'report.internal-failure-no-id')
  }
  if (status !== 200) {
    const shown = previewReceived(head)
    return reportFailure('protocol-error', 'report.http-status', { status, received: shown })
  }
  // Spec §7.1: refusal comes as HTTP 200 text/plain, so it must be told apart from a CSV report.
  if (mediaType === 'text/plain' && bytes <= PLAIN_MESSAGE_MAX_BYTES && !opensLikeCsv(text)) {
    if (NOT_AUTHORISED.test(text)) {
      const answer = text.trim().slice(0, 120)
      return reportFailure('not-authorised', 'report.not-authorised', { answer })
    }
    if (text.trim() !== '') {
      const shown = previewReceived(text.trim())
      return reportFailure('protocol-error', 'report.plain-message', { received: shown })
    }
  }
  if (bytes === 0) {
    return reportFailure('protocol-error', 'report.empty')
  }
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf'
  if (mediaType === 'application/pdf') {
    const shown = previewReceived(head)
    return reportFailure('protocol-error', 'report.not-pdf', { received: shown })
  }
  if ((mediaType === '' || CSV_TYPES.includes(mediaType)) && !/^\s*</.test(text)) return 'csv'
  const shown = previewReceived(head)
  return mediaType
    ? reportFailure('protocol-error', 'report.neither', { type: mediaType, received: shown })
    : reportFailure('protocol-error', 'report.neither-untyped', { received: shown })
}
