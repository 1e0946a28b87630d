import type { Readable } from 'node:stream'
import type { Parameter } from '../../platform/privacy/parameter'
import { percentEncode } from '../../platform/gateway/percent-encoding'

/** What an endpoint answers; the server writes it, and a fault may spoil it on the way. */
export interface Reply {
  status: number
  headers: Record<string, string>
  body: Buffer | Readable
}

/** What an endpoint did, for the Sandbox page's request log. */
export interface Handled {
  reply: Reply
  outcome: string
  detail: string
  /** The client-orderid of an update the sandbox answered, so tests can tell requests apart. */
  orderId?: string
}

const FORM_CONTENT_TYPE = 'text/html;charset=utf-8'

/** The gateway's response form: name=value pairs joined by &, each value ending in \n (spec §4.2). */
function encodeResponseForm(fields: readonly Parameter[]): string {
  return fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}\n`).join('&')
}

export function formReply(fields: readonly Parameter[]): Reply {
  return {
    status: 200,
    headers: { 'Content-Type': FORM_CONTENT_TYPE },
    body: Buffer.from(encodeResponseForm(fields), 'utf8'),
  }
}

export function textReply(
  status: number,
  text: string,
  headers: Record<string, string> = {},
): Reply {
  return {
    status,
    headers: { 'Content-Type': 'text/plain;charset=utf-8', ...headers },
    body: Buffer.from(text, 'utf8'),
  }
}
