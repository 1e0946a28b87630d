import type { FaultKind } from './faults'

export type SandboxOperation = 'update-recurring-payment' | 'report' | 'callback-inbox' | 'other'

/** One request as the Sandbox page lists it. */
export interface RequestLogEntry {
  at: number
  operation: SandboxOperation
  fault: FaultKind | null
  outcome: string
  detail: string
  /** An update's client-orderid, when the request got that far. */
  orderId?: string
}

const LOG_SIZE = 200

/** The last requests the running sandbox handled, newest first; kept in memory only. */
export function requestLog(now: () => number, size = LOG_SIZE) {
  const entries: RequestLogEntry[] = []
  return {
    record(entry: Omit<RequestLogEntry, 'at'>): void {
      entries.unshift({ at: now(), ...entry })
      entries.length = Math.min(entries.length, size)
    },
    recent(limit: number): RequestLogEntry[] {
      return entries.slice(0, limit)
    },
  }
}
