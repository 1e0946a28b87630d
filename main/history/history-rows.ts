import type { Parameter } from '../platform/privacy/parameter'
import { explainedOf, storedMessage, type MessageColumns } from '../platform/db/stored-message'
import { redactParameters, redactText } from '../platform/privacy/redaction'
import type { HistoryEntry, HistoryOutcome, RequestResult, SentRequest } from './history-types'
import type { HistoryOperation } from './history-filter'

// How a history entry is stored, in this desk's SQLite and in the team's PostgreSQL alike.

export interface HistoryRow extends MessageColumns {
  id: number
  sent_at: string
  environment_id: string
  environment_name: string
  operation: HistoryOperation
  parameters: string
  profile_id: string | null
  order_id: string | null
  outcome: HistoryOutcome
  serial_number: string | null
  error_code: string | null
  error_message: string | null
  message: string | null
}

export const toEntry = (row: HistoryRow): HistoryEntry => ({
  id: row.id,
  sentAt: row.sent_at,
  environmentId: row.environment_id,
  environmentName: row.environment_name,
  operation: row.operation,
  parameters: JSON.parse(row.parameters) as Parameter[],
  profileId: row.profile_id,
  orderId: row.order_id,
  outcome: row.outcome,
  serialNumber: row.serial_number,
  errorCode: row.error_code,
  errorMessage: row.error_message,
  message: row.message,
  ...explainedOf(row),
})

export const valueOf = (parameters: readonly Parameter[], name: string) =>
  parameters.find(([n]) => n === name)?.[1] ?? null

export const redactedOrNull = (text: string | null | undefined) =>
  text === null || text === undefined ? null : redactText(text)

/**
 * What is stored of a request before it leaves: card numbers masked and card codes dropped
 * (`stored`, also as JSON), the profile and order it names.
 */
export function storedSending(request: SentRequest) {
  const { parameters } = request
  const stored = redactParameters(parameters)
  return {
    stored,
    environmentId: request.environment.id,
    environmentName: request.environment.name,
    operation: request.operation,
    parameters: JSON.stringify(stored),
    profileId: valueOf(parameters, 'recurring-payment-id'),
    orderId: valueOf(parameters, 'client-orderid'),
  }
}

/** What is stored of a result: card numbers in its texts and parameters masked. */
export function storedResult(result: RequestResult) {
  return {
    outcome: result.outcome,
    serialNumber: result.serialNumber ?? null,
    errorCode: result.errorCode ?? null,
    errorMessage: redactedOrNull(result.errorMessage),
    message: redactText(result.message),
    ...storedMessage(result),
  }
}

/** A result recorded for an entry that does not exist or already has one: a bug, not input. */
export const notOpenForResult = (id: number) =>
  new Error(`History entry ${id} does not exist or already has its result`)
