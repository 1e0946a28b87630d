import { randomBytes, randomUUID } from 'node:crypto'
import type { Reply } from './reply'
import { textReply } from './reply'
import { SANDBOX_FAULT_KINDS } from '../../../preload/contract/sandbox/sandbox-channels'

/** Failures the sandbox can stage on purpose; the Sandbox page offers the same list. */
export const FAULT_KINDS = SANDBOX_FAULT_KINDS

export type FaultKind = (typeof FAULT_KINDS)[number]

/** The test-only request header naming a fault; honoured only when faults are enabled. */
export const FAULT_HEADER = 'x-sandbox-fault'

function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value)
}

/** Faults set for the next requests to the API endpoints, from the Sandbox page or a test. */
export function faultQueue() {
  const queue: FaultKind[] = []
  return {
    add(kind: FaultKind, count: number): void {
      for (let i = 0; i < count; i++) queue.push(kind)
    },
    clear(): void {
      queue.length = 0
    },
    pending(): FaultKind[] {
      return [...queue]
    },
    take(): FaultKind | null {
      return queue.shift() ?? null
    },
  }
}

/**
 * The fault for a request to an API endpoint: the header's when faults are enabled (or
 * 'unknown' for a name the sandbox does not know), else the next queued one.
 */
export function faultFor(
  header: string | string[] | undefined,
  headerEnabled: boolean,
  queue: ReturnType<typeof faultQueue>,
): FaultKind | 'unknown' | null {
  if (headerEnabled && typeof header === 'string' && header !== '') {
    return isFaultKind(header) ? header : 'unknown'
  }
  return queue.take()
}

/** A network's round trip added to every API request: `meanMs` ± `jitterMs`, evenly spread. */
export interface AddedLatency {
  meanMs: number
  jitterMs: number
}

/** One request's added latency, in ms (never below 0). */
export const latencyMs = ({ meanMs, jitterMs }: AddedLatency, random: () => number) =>
  Math.max(0, meanMs + (random() * 2 - 1) * jitterMs)

/** The reply a fault puts in place of the real one, for faults that are only a reply. */
export function stagedReply(kind: FaultKind): Reply | null {
  switch (kind) {
    case 'internal-error':
      return internalErrorReply()
    case 'not-form':
      return notFormReply()
    case 'corrupt-pdf':
      return corruptPdfReply()
    default:
      return null
  }
}

/** HTTP 500 with the gateway's `internal server error [ID]` body (spec §7.2). */
export function internalErrorReply(): Reply {
  return textReply(500, `internal server error [${randomUUID()}]`)
}

/** What a misconfigured proxy in front of a gateway sends: an HTML page, not a form. */
function notFormReply(): Reply {
  return {
    status: 200,
    headers: { 'Content-Type': 'text/html;charset=utf-8' },
    body: Buffer.from(
      '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>\n',
    ),
  }
}

/** Starts like a PDF and then is not one: no objects, no cross-reference table, no %%EOF. */
function corruptPdfReply(): Reply {
  return {
    status: 200,
    headers: { 'Content-Type': 'application/pdf' },
    body: Buffer.concat([
      Buffer.from(
        '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R',
        'latin1',
      ),
      randomBytes(2048),
    ]),
  }
}
