import type { MessageParams } from '../../preload/contract/platform/explained'
import type { RequestOutcome } from '../../preload/contract/platform/request-outcomes'
import type { Parameter } from '../platform/privacy/parameter'
import type { HistoryOperation } from './history-filter'

/** 'sending' until the answer is recorded; an entry the app could not finish becomes 'unknown'. */
export type HistoryOutcome = RequestOutcome

export interface SentRequest {
  environment: { id: string; name: string }
  operation: HistoryOperation
  /** As sent; card number, cvv2 and SSN are redacted before anything is stored. */
  parameters: readonly Parameter[]
}

/** An operation's result: UpdateResult and ReportResult both fit. */
export interface RequestResult {
  outcome: Exclude<HistoryOutcome, 'sending'>
  serialNumber?: string | null
  errorCode?: string | null
  errorMessage?: string | null
  message: string
  messageCode?: string
  params?: MessageParams
}

export interface HistoryEntry {
  id: number
  /** ISO 8601, UTC. */
  sentAt: string
  environmentId: string
  environmentName: string
  operation: HistoryOperation
  parameters: Parameter[]
  /** recurring-payment-id */
  profileId: string | null
  /** client-orderid */
  orderId: string | null
  outcome: HistoryOutcome
  serialNumber: string | null
  errorCode: string | null
  errorMessage: string | null
  message: string | null
  messageCode?: string
  params?: MessageParams
}
