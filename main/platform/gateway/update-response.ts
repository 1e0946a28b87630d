import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { MessageCode } from '../../../preload/contract/locales/explain'
import type { MessageSchema } from '../../../preload/contract/locales/en'
import { english } from '../i18n/english'
import type { RecurringUpdateOutcome } from '../../../preload/contract/recurring/recurring-channels'
import { redactorFor } from '../privacy/redaction'
import { decodeForm } from './form-codec'
import type { Parameter } from '../privacy/parameter'
import { MalformedEncodingError } from './percent-encoding'
import { internalFailureId, previewReceived } from './received-text'

/** What became of an update-recurring-payment request, as staff need to know it. */

export interface UpdateResult {
  outcome: RecurringUpdateOutcome
  /** The response's fields as named on the wire, each value without its trailing newline. */
  fields: Record<string, string>
  serialNumber: string | null
  errorCode: string | null
  errorMessage: string | null
  /** The gateway's incident ID of an internal failure (HTTP 500). */
  incidentId: string | null
  /** One plain sentence for staff. */
  message: string
  /** The sentence's code and values, for the window to word it (preload/contract/platform/explained.ts). */
  messageCode?: string
  params?: MessageParams
}

/** Reads a field under either spelling the gateway uses (`error-message` or `error_message`). */
function field(fields: Record<string, string>, dashed: string): string | null {
  return fields[dashed] ?? fields[dashed.replaceAll('-', '_')] ?? null
}

const FORM_NAME = /^[A-Za-z0-9_.-]+$/

export function resultOf(
  outcome: RecurringUpdateOutcome,
  message: string,
  extra: Partial<Omit<UpdateResult, 'outcome' | 'message'>> = {},
): UpdateResult {
  return {
    outcome,
    fields: {},
    serialNumber: null,
    errorCode: null,
    errorMessage: null,
    incidentId: null,
    message,
    ...extra,
  }
}

/** A result whose sentence is the catalog's text for `code` (main.update.*), in main's English. */
export function codedResult(
  outcome: RecurringUpdateOutcome,
  code: MessageCode,
  params: MessageParams = {},
  extra: Partial<Omit<UpdateResult, 'outcome' | 'message' | 'messageCode' | 'params'>> = {},
): UpdateResult {
  return resultOf(outcome, english(code, params), { ...extra, messageCode: code, params })
}

/**
 * The gateway's reason for a refusal as the `reason` of its message: its error-message as sent,
 * and its error-code, worded by update.reason.* when there is a code or no message.
 */
function reasonParams(errorMessage: string | null, errorCode: string | null): MessageParams {
  if (errorMessage !== null && errorCode === null) return { reason: errorMessage }
  const reasonCode =
    errorMessage === null
      ? errorCode === null
        ? 'update.reason.none'
        : 'update.reason.none-coded'
      : 'update.reason.coded'
  const inner = {
    ...(errorMessage !== null && { errorMessage }),
    ...(errorCode !== null && { errorCode }),
  }
  return { ...inner, reason: english(reasonCode, inner), reasonCode }
}

/** What is wrong with an answer that is not one the API defines, by its message code. */
type Problem = Exclude<keyof MessageSchema['main']['update']['protocol'], 'undefined-type'>

function protocolError(
  problem: Problem | { type: string; state: string },
  status: number,
  body: Buffer,
  redact: (text: string) => string,
): UpdateResult {
  const received = previewReceived(body, redact)
  return typeof problem === 'string'
    ? codedResult('protocol-error', `update.protocol.${problem}`, { status, received })
    : codedResult('protocol-error', 'update.protocol.undefined-type', {
        status,
        received,
        ...problem,
      })
}

/**
 * Decodes the gateway's answer to update-recurring-payment (spec §4.2 and §7.2). Everything taken
 * from the answer is masked of the card number, CVV2 and SSN `sent` (a gateway or a proxy may
 * echo them) and of any card number.
 */
export function decodeUpdateResponse(
  status: number,
  body: Buffer,
  sent: readonly Parameter[] = [],
): UpdateResult {
  const redact = redactorFor(sent)
  if (status === 500) {
    const found = internalFailureId(body)
    const incidentId = found === null ? null : redact(found)
    if (incidentId !== null || body.length === 0) {
      return incidentId
        ? codedResult(
            'internal-failure',
            'update.internal-failure',
            { incident: incidentId },
            { incidentId },
          )
        : codedResult('internal-failure', 'update.internal-failure-no-id', {}, { incidentId })
    }
  }
  const text = body.toString('utf8')
  if (text.trim() === '') return protocolError('empty', status, body, redact)

  let pairs
  try {
    pairs = decodeForm(text)
  } catch (error) {
    if (error instanceof MalformedEncodingError) {
      return protocolError('malformed', status, body, redact)
    }
    throw error
  }
  if (pairs.some(([name]) => !FORM_NAME.test(name))) {
    return protocolError('not-form', status, body, redact)
  }
  // Every value ends with a newline (spec §4.2), sent as it is or as %0A; a last value without
  // one means the body was cut off.
  const terminated = pairs.some(([, value]) => value.endsWith('\n'))
  if (terminated && !pairs.at(-1)![1].endsWith('\n')) {
    return protocolError('cut-off', status, body, redact)
  }
  const fields: Record<string, string> = {}
  for (const [name, value] of pairs) fields[name] = redact(value.replace(/\r?\n$/, ''))

  const type = fields['type']
  const state = fields['status']
  const details = {
    fields,
    serialNumber: field(fields, 'serial-number'),
    errorCode: field(fields, 'error-code'),
    errorMessage: field(fields, 'error-message'),
  }
  const reason = reasonParams(details.errorMessage, details.errorCode)

  if (type === 'validation-error') {
    return codedResult('validation-error', 'update.validation-error', reason, details)
  }
  if (type === 'error' || state === 'error') {
    return codedResult('error', 'update.error', reason, details)
  }
  if (state === 'declined') {
    return codedResult('declined', 'update.declined', reason, details)
  }
  if (type === 'update-recurring-payment-response' && state === 'approved') {
    // Every acceptance carries one (spec §7.2): without it, the answer may have been cut at a field.
    if (!details.serialNumber) {
      return protocolError('no-serial', status, body, redact)
    }
    return codedResult('approved', 'update.approved', { serial: details.serialNumber }, details)
  }
  return protocolError({ type: type ?? '(none)', state: state ?? '(none)' }, status, body, redact)
}
