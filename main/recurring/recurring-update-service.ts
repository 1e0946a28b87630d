import type { z } from 'zod'
import {
  RESULT_TEXT_LIMITS,
  type RecurringUpdateResult,
  type recurringUpdateSendSchema,
} from '../../preload/contract/recurring-channels'
import {
  canonicalRecurringUpdate,
  RECURRING_UPDATE_PARAMETERS,
  validateRecurringUpdate,
  type RecurringUpdateIssue,
} from '../../preload/contract/recurring-update-rules'
import type { EnvironmentService } from '../environments/environment-service'
import type { Parameter } from '../gateway/form-codec'
import type { GatewayDeps } from '../gateway/gateway-client'
import { updateRecurringPayment } from '../gateway/update-recurring-payment'
import type { UpdateResult } from '../gateway/update-response'
import { redactText } from '../store/redaction'
import type { HistoryRepository } from '../store/history-repository'

export type RecurringUpdateRequest = z.output<typeof recurringUpdateSendSchema>

const TABLE_ORDER = new Map(RECURRING_UPDATE_PARAMETERS.map((d, index) => [d.name, index]))

function givenValues(input: Record<string, string | undefined>): Record<string, string> {
  const given: Record<string, string> = {}
  for (const [name, value] of Object.entries(input)) if (value !== undefined) given[name] = value
  return given
}

/** The request's parameters under their canonical names, in the order of the spec's table. */
const parametersOf = (given: Record<string, string>): Parameter[] =>
  Object.entries(canonicalRecurringUpdate(given)).sort(
    ([a], [b]) => TABLE_ORDER.get(a)! - TABLE_ORDER.get(b)!,
  )

const nothingSent = (message: string, issues: RecurringUpdateIssue[] = []) => ({
  outcome: 'not-sent' as const,
  message,
  serialNumber: null,
  errorCode: null,
  errorMessage: null,
  incidentId: null,
  issues,
  historyId: null,
})

/** The gateway's words as they may be shown and kept: card numbers masked, lengths bounded. */
function shown(text: string | null, limit: number): string | null {
  if (text === null) return null
  const redacted = redactText(text)
  return redacted.length <= limit ? redacted : `${redacted.slice(0, limit - 1)}…`
}

function resultView(result: UpdateResult, historyId: number): RecurringUpdateResult {
  return {
    outcome: result.outcome,
    message: shown(result.message, RESULT_TEXT_LIMITS.message)!,
    serialNumber: shown(result.serialNumber, RESULT_TEXT_LIMITS.serialNumber),
    errorCode: shown(result.errorCode, RESULT_TEXT_LIMITS.errorCode),
    errorMessage: shown(result.errorMessage, RESULT_TEXT_LIMITS.errorMessage),
    incidentId: shown(result.incidentId, RESULT_TEXT_LIMITS.incidentId),
    issues: [],
    historyId,
  }
}

/**
 * Sends update-recurring-payment requests for the editor: checks spec §4.2 first and sends
 * nothing that breaks it, records every request in history before it leaves (so a crash still
 * leaves a trace), signs with the environment's RSA key, and never retries.
 */
export function createRecurringUpdateService(deps: {
  environments: EnvironmentService
  history: HistoryRepository
  gateway: GatewayDeps
}) {
  return {
    async send(request: RecurringUpdateRequest): Promise<RecurringUpdateResult> {
      const environment = deps.environments.get(request.environmentId)
      // Checked as typed, so two spellings of one parameter (email, e-mail) are caught too.
      const given = givenValues(request.parameters)
      const issues = validateRecurringUpdate(given, request.profileType)
      if (issues.length > 0) {
        const count = issues.length === 1 ? 'one field breaks' : `${issues.length} fields break`
        return nothingSent(
          `Nothing was sent: ${count} the gateway's rules. Correct ${issues.length === 1 ? 'it' : 'them'} and send again.`,
          issues,
        )
      }
      let gatewayEnvironment
      try {
        gatewayEnvironment = deps.environments.gatewayEnvironment(environment.id)
      } catch (error) {
        return nothingSent(`Nothing was sent: ${(error as Error).message}`)
      }
      const parameters = parametersOf(given)
      const historyId = deps.history.recordSending({
        environment: { id: environment.id, name: environment.name },
        operation: 'update-recurring-payment',
        parameters,
      })
      let result: UpdateResult
      try {
        result = await updateRecurringPayment(
          deps.gateway,
          gatewayEnvironment,
          deps.environments.signingSecrets(environment.id),
          parameters,
        )
      } catch (error) {
        // Whatever failed, the request may have left: its history entry must not stay "sending".
        deps.history.recordResult(historyId, {
          outcome: 'unknown',
          message: `GateDesk failed while sending; the request may have reached the gateway: ${(error as Error).message}`,
        })
        throw error
      }
      const view = resultView(result, historyId)
      deps.history.recordResult(historyId, view)
      return view
    },
  }
}

export type RecurringUpdateService = ReturnType<typeof createRecurringUpdateService>
