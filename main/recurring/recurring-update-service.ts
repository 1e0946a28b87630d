import type {
  RecurringUpdateResult,
  recurringUpdateSendSchema,
} from '../../preload/contract/recurring-channels'
import {
  canonicalRecurringUpdate,
  RECURRING_UPDATE_PARAMETERS,
  validateRecurringUpdate,
} from '../../preload/contract/recurring-update-rules'
import type { z } from 'zod'
import type { EnvironmentService } from '../environments/environment-service'
import type { Parameter } from '../gateway/form-codec'
import type { GatewayDeps } from '../gateway/gateway-client'
import { updateRecurringPayment } from '../gateway/update-recurring-payment'
import type { HistoryRepository } from '../store/history-repository'

export type RecurringUpdateRequest = z.output<typeof recurringUpdateSendSchema>

const TABLE_ORDER = new Map(RECURRING_UPDATE_PARAMETERS.map((d, index) => [d.name, index]))

/** The request's parameters under their canonical names, in the order of the spec's table. */
function parametersOf(input: Record<string, string | undefined>): Parameter[] {
  const given: Record<string, string> = {}
  for (const [name, value] of Object.entries(input)) if (value !== undefined) given[name] = value
  return Object.entries(canonicalRecurringUpdate(given)).sort(
    ([a], [b]) => TABLE_ORDER.get(a)! - TABLE_ORDER.get(b)!,
  )
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
      const parameters = parametersOf(request.parameters)
      const issues = validateRecurringUpdate(Object.fromEntries(parameters), request.profileType)
      if (issues.length > 0) {
        return {
          outcome: 'not-sent',
          message: `Nothing was sent: ${issues.length === 1 ? 'one field breaks' : `${issues.length} fields break`} the gateway's rules. Correct ${issues.length === 1 ? 'it' : 'them'} and send again.`,
          serialNumber: null,
          errorCode: null,
          errorMessage: null,
          incidentId: null,
          issues,
          historyId: null,
        }
      }
      const historyId = deps.history.recordSending({
        environment: { id: environment.id, name: environment.name },
        operation: 'update-recurring-payment',
        parameters,
      })
      const result = await updateRecurringPayment(
        deps.gateway,
        deps.environments.gatewayEnvironment(environment.id),
        deps.environments.signingSecrets(environment.id),
        parameters,
      )
      deps.history.recordResult(historyId, result)
      return {
        outcome: result.outcome,
        message: result.message,
        serialNumber: result.serialNumber,
        errorCode: result.errorCode,
        errorMessage: result.errorMessage,
        incidentId: result.incidentId,
        issues: [],
        historyId,
      }
    },
  }
}

export type RecurringUpdateService = ReturnType<typeof createRecurringUpdateService>
