import type { z } from 'zod'
import type {
  RecurringUpdateResult,
  recurringUpdateSendSchema,
} from '../../preload/contract/recurring/recurring-channels'
import { validateRecurringUpdate } from '../../preload/contract/recurring/recurring-validation'
import type { EnvironmentReads, EnvironmentService } from '../environments/environment-service'
import type { GatewayDeps } from '../platform/gateway/gateway-client'
import { codedResult, type UpdateResult } from '../platform/gateway/update-response'
import { explainedDetail, ExplainedError } from '../../preload/contract/platform/explained'
import type { MessageCode } from '../../preload/contract/locales/explain'
import type { OpenRecords } from '../history/audit-trail'
import type { HistoryRepository } from '../history/history-repository'
import { refusedByRules, sendRecurringUpdate, type SentUpdate } from './send-core'
import { createSendingContext, type SendingContext, type SendRecorder } from './sending-context'
import { givenValues, parametersOf } from '../platform/gateway/update-parameters'
import { boundedResult } from '../platform/gateway/update-result-view'

export type RecurringUpdateRequest = z.output<typeof recurringUpdateSendSchema>

export interface RecurringDeps {
  /** The environments at hand: read once for the editor's send, this desk's own for bulk. */
  environments: EnvironmentReads
  history: HistoryRepository
  gateway: GatewayDeps
}

/**
 * The sending context of one of the app's environments: its settings resolved and its key read
 * from the keychain once, however many updates go out with it. Throws when the environment
 * cannot be used (no address yet, removed).
 */
export function environmentSendingContext(
  deps: RecurringDeps,
  environmentId: string,
): SendingContext {
  const environment = deps.environments.get(environmentId)
  return createSendingContext({
    environment: { id: environment.id, name: environment.name },
    target: deps.environments.gatewayEnvironment(environment.id),
    secrets: deps.environments.signingSecrets(environment.id),
    gateway: deps.gateway,
    history: deps.history,
  })
}

/**
 * Sends update-recurring-payment requests for the editor, through the one send core, recorded
 * where the desk's workspace keeps its records now (`openRecords`: the team's audit trail, or
 * this desk's history).
 */
export function createRecurringUpdateService(
  deps: Omit<RecurringDeps, 'environments'> & {
    /** The desk's workspace's environments, read when each send starts. */
    environments: Pick<EnvironmentService, 'reads'>
    openRecords: OpenRecords
  },
) {
  return {
    async send(
      request: RecurringUpdateRequest,
      signal?: AbortSignal,
    ): Promise<RecurringUpdateResult> {
      const given = givenValues(request.parameters)
      /** Nothing was sent, for `reason`; the rules come first, as when it could be sent. */
      const notSent = (reason: UpdateResult) => {
        const issues = validateRecurringUpdate(given, request.profileType)
        return resultView({
          result: issues.length > 0 ? refusedByRules(issues) : reason,
          issues,
          historyId: null,
          uncertainEarlier: null,
          parameters: parametersOf(given),
        })
      }
      // An unknown environment is the window's mistake and fails the call; one that cannot be
      // used yet (a Sandbox that has not started) is a result the user can act on.
      // Whatever keeps the workspace's environments from being read or the records from taking
      // the request (a team server gone, a role that may not send) keeps it from leaving, and
      // says so.
      let refused: unknown
      const refusal = (error: unknown) => {
        if (!(error instanceof ExplainedError)) throw error
        return notSent(codedResult('not-sent', error.messageCode as MessageCode, error.params))
      }
      let environments
      try {
        environments = await deps.environments.reads()
      } catch (error) {
        return refusal(error)
      }
      environments.get(request.environmentId)
      let context: SendingContext
      try {
        context = environmentSendingContext({ ...deps, environments }, request.environmentId)
      } catch (error) {
        return notSent(codedResult('not-sent', 'update.not-sent', explainedDetail(error as Error)))
      }
      // A desk whose own key is not the one the team recorded is told so, naming both, before
      // anything is recorded or leaves. A refusal, not a question: the gateway has only the
      // team's public key, and signing refuses a key other than the recorded one.
      let keyCheck
      try {
        keyCheck = await environments.keyCheck(request.environmentId)
      } catch (error) {
        return refusal(error)
      }
      if (!keyCheck.send) {
        const { messageCode, params } = keyCheck.warning
        return notSent(codedResult('not-sent', messageCode, params))
      }
      let records
      try {
        records = await deps.openRecords(context.environment, context.target)
      } catch (error) {
        return refusal(error)
      }
      /** What keeps the records from answering or recording: the send's refusal. */
      const refuse = (error: unknown): never => {
        refused = error
        throw error
      }
      const recorder: SendRecorder = {
        sending: (sent) => records.recordSending(sent).catch(refuse),
        result: (id, result) => records.recordResult(id, result),
      }
      try {
        const sent = await sendRecurringUpdate(
          {
            ...context,
            environment: records.environment,
            recorder,
            uncertainSameUpdate: (environmentId, parameters) =>
              records.uncertainSameUpdateOf(environmentId, parameters).catch(refuse),
          },
          {
            parameters: given,
            profileType: request.profileType,
            confirmedResend: request.confirmedResend,
          },
          signal ? { signal } : {},
        )
        return resultView(sent)
      } catch (error) {
        if (refused === undefined || error !== refused) throw error
        return refusal(error)
      }
    },
  }
}

export type RecurringUpdateService = ReturnType<typeof createRecurringUpdateService>

/** A send as the window sees it. */
function resultView(sent: SentUpdate): RecurringUpdateResult {
  const result = boundedResult(sent.result)
  return {
    outcome: result.outcome,
    message: result.message,
    ...(result.messageCode && { messageCode: result.messageCode, params: result.params ?? {} }),
    serialNumber: result.serialNumber,
    errorCode: result.errorCode,
    errorMessage: result.errorMessage,
    incidentId: result.incidentId,
    issues: sent.issues,
    historyId: sent.historyId,
    uncertainEarlier: sent.uncertainEarlier,
  }
}
