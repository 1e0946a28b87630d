import type { SPEC_PATHS } from '../../platform/gateway/environment'
import { redactText } from '../../platform/privacy/redaction'
import type { VerifierOptions } from '../oauth/oauth-verifier'
import type { ReceivedRequest } from './received-request'
import { textReply, type Handled } from './reply'
import { handleReport } from './report-endpoint'
import type { SandboxOperation } from './request-log'
import type { SandboxGateway } from '../sandbox-service'
import { handleUpdate } from './update-endpoint'

/** Where the sandbox's own inbox receives callbacks (GET), for the demo profiles. */
export const INBOX_PATH = '/sandbox/callback-inbox'

export interface Route {
  operation: SandboxOperation
  handle: () => Handled
}

/** `/gw/api/v4/update-recurring-payment/{endpoint_id}` as a pattern capturing the endpoint id. */
function pathPattern(template: string): RegExp {
  const [before, after = ''] = template.split('{endpoint_id}')
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')
  return new RegExp(`^${escape(before!)}([^/]+)${escape(after)}$`)
}

/** The path's `{endpoint_id}` decoded; null when it has a malformed %-escape. */
function decodedEndpointId(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded)
  } catch {
    return null
  }
}

/** An update addressed to an endpoint id that cannot be decoded: a bad request, named plainly. */
const malformedEndpointId = (received: ReceivedRequest): Route => ({
  operation: 'update-recurring-payment',
  handle: () => ({
    reply: textReply(
      400,
      'Bad request: the endpoint id in the path has a malformed %-escape (a % must be followed by two hex digits of UTF-8): percent-encode it again, a % itself as %25',
    ),
    outcome: 'bad-path',
    detail: redactText(`${received.method} ${received.pathname.slice(0, 200)}`),
  }),
})

/** Finds the operation a request is for and how to handle it. */
export function requestRouter(
  paths: typeof SPEC_PATHS,
  verifier: () => Omit<VerifierOptions, 'method' | 'operation'>,
) {
  const updatePath = pathPattern(paths.updateRecurringPath)
  return (received: ReceivedRequest, gateway: SandboxGateway): Route => {
    const update = updatePath.exec(received.pathname)
    if (update) {
      const endpointId = decodedEndpointId(update[1]!)
      if (endpointId === null) return malformedEndpointId(received)
      return {
        operation: 'update-recurring-payment',
        handle: () => handleUpdate(received, endpointId, gateway, verifier()),
      }
    }
    if (received.pathname === paths.reportPath) {
      return { operation: 'report', handle: () => handleReport(received, gateway, verifier()) }
    }
    if (received.pathname === INBOX_PATH && received.method === 'GET') {
      return {
        operation: 'callback-inbox',
        handle: () => {
          const parameters = Object.fromEntries(new URL(received.url).searchParams)
          const valid = gateway.receiveCallback(parameters)
          return {
            reply: textReply(200, 'OK'),
            outcome: valid ? 'received' : 'received, control value wrong',
            detail: parameters['orderid'] ?? '',
          }
        },
      }
    }
    return {
      operation: 'other',
      handle: () => ({
        reply: textReply(
          404,
          `Not found: the sandbox serves POST ${paths.updateRecurringPath} and POST ${paths.reportPath}`,
        ),
        outcome: 'not-found',
        detail: redactText(`${received.method} ${received.pathname.slice(0, 200)}`),
      }),
    }
  }
}
