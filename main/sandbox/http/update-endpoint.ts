import { randomUUID } from 'node:crypto'
import { decodeForm, MalformedFormError } from '../../platform/gateway/form-codec'
import type { Parameter } from '../../platform/privacy/parameter'
import { redactorFor, redactText } from '../../platform/privacy/redaction'
import { UPDATE_ERROR_CODES, type RequestErrorCode } from '../error-codes'
import type { AuthFailureCode, VerifierOptions } from '../oauth/oauth-verifier'
import { verifyOAuthRequest } from '../oauth/oauth-verifier'
import { formReply, type Handled } from './reply'
import type { ReceivedRequest } from './received-request'
import type { SandboxGateway } from '../sandbox-service'

type ErrorCode = keyof typeof UPDATE_ERROR_CODES
type Redact = (text: string) => string

/**
 * The answer, its message masked by `redact` as a gateway following PCI does: card data sent is
 * never echoed, in the reply or the request log.
 */
function answer(
  type: string,
  status: string,
  code: ErrorCode | null,
  unmasked: string | null,
  outcome: string,
  redact: Redact,
): Handled {
  const message = unmasked === null ? null : redact(unmasked)
  const fields: Parameter[] = [
    ['type', type],
    ['status', status],
    ['serial-number', randomUUID()],
  ]
  if (code !== null) fields.push(['error-code', String(UPDATE_ERROR_CODES[code])])
  if (message !== null) fields.push(['error-message', message])
  return {
    reply: formReply(fields),
    outcome,
    detail: code === null ? 'approved' : `${UPDATE_ERROR_CODES[code]} ${message}`,
  }
}

const error = (
  code: RequestErrorCode | AuthFailureCode,
  message: string,
  redact: Redact = redactText,
) => answer('error', 'error', code, message, 'error', redact)

/** Which piece of the body cannot be decoded, without quoting it: it may be card data. */
function malformedBody(failure: MalformedFormError): string {
  const piece =
    failure.parameter === null
      ? `the name of parameter ${failure.position}`
      : `the value of ${failure.parameter.slice(0, 64)}`
  return `the form body cannot be decoded: ${piece} has a malformed %-escape (a % must be followed by two hex digits of UTF-8): percent-encode it again, a % itself as %25`
}

/** Repeated names other than oauth_* ones: a parameter given twice is ambiguous. */
function repeatedName(parameters: readonly Parameter[]): string | null {
  const seen = new Set<string>()
  for (const [name] of parameters) {
    if (seen.has(name)) return name
    seen.add(name)
  }
  return null
}

/** POST update-recurring-payment/{endpoint_id} (spec §4.2, §7.2). */
export function handleUpdate(
  request: ReceivedRequest,
  endpointId: string,
  service: SandboxGateway,
  verifier: Omit<VerifierOptions, 'method' | 'operation'>,
): Handled {
  if (request.method !== 'POST') {
    return error('wrong-http-method', `update-recurring-payment takes POST, not ${request.method}`)
  }
  if (request.mediaType !== 'application/x-www-form-urlencoded') {
    return error(
      'wrong-content-type',
      `Content-Type must be application/x-www-form-urlencoded, not "${request.mediaType || '(none)'}"`,
    )
  }
  if (request.body === null) {
    return error('body-too-large', 'the request body is larger than 1 MiB')
  }
  let body: Parameter[]
  try {
    body = decodeForm(request.body.toString('utf8'))
  } catch (failure) {
    if (!(failure instanceof MalformedFormError)) throw failure
    return error('malformed-body', malformedBody(failure))
  }
  const redact = redactorFor(body)
  const auth = verifyOAuthRequest(
    { url: request.url, authorization: request.authorization, body },
    { ...verifier, method: 'RSA-SHA256', operation: 'update-recurring-payment' },
  )
  if (!auth.ok) return error(auth.code, auth.message, redact)
  if (auth.merchant.endpointId !== endpointId) {
    return error(
      'wrong-endpoint',
      `endpoint ${endpointId.slice(0, 32)} does not belong to merchant ${auth.merchant.login}: use endpoint ${auth.merchant.endpointId}`,
      redact,
    )
  }
  const repeated = repeatedName(auth.parameters)
  if (repeated !== null) {
    return answer(
      'validation-error',
      'error',
      'repeated-parameter',
      `${repeated.slice(0, 64)} is given more than once: send each parameter once`,
      'validation-error',
      redact,
    )
  }
  const parameters = Object.fromEntries(auth.parameters)
  const decision = service.updateProfile(auth.merchant, parameters)
  switch (decision.kind) {
    case 'validation-error': {
      const [first] = decision.issues
      // One error-code travels; the message lists every problem so all can be fixed at once.
      const message = decision.issues.map((issue) => issue.message).join('; ')
      return answer('validation-error', 'error', first!.code, message, 'validation-error', redact)
    }
    case 'declined':
      return answer(
        'update-recurring-payment-response',
        'declined',
        'profile-not-found',
        decision.message,
        'declined',
        redact,
      )
    case 'approved':
      return {
        ...answer('update-recurring-payment-response', 'approved', null, null, 'approved', redact),
        orderId: parameters['client-orderid'],
      }
  }
}
