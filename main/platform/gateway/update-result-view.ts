import { RESULT_TEXT_LIMITS } from '../../../preload/contract/recurring/recurring-channels'
import { redactMessageParams, redactText } from '../privacy/redaction'
import type { UpdateResult } from './update-response'

/** A message parameter's longest text (preload/contract/platform/explained.ts). */
const EXPLAINED_PARAM_LIMIT = 2000

/** The gateway's words as they may be shown and kept: card numbers masked, lengths bounded. */
export function shown(text: string | null, limit: number): string | null {
  if (text === null) return null
  const redacted = redactText(text)
  return redacted.length <= limit ? redacted : `${redacted.slice(0, limit - 1)}…`
}

/** The gateway's answer as it may be kept and shown: every text masked and bounded. */
export function boundedResult(result: UpdateResult): UpdateResult {
  return {
    ...result,
    message: shown(result.message, RESULT_TEXT_LIMITS.message)!,
    ...(result.params && {
      params: redactMessageParams(result.params, (text) => shown(text, EXPLAINED_PARAM_LIMIT)!),
    }),
    serialNumber: shown(result.serialNumber, RESULT_TEXT_LIMITS.serialNumber),
    errorCode: shown(result.errorCode, RESULT_TEXT_LIMITS.errorCode),
    errorMessage: shown(result.errorMessage, RESULT_TEXT_LIMITS.errorMessage),
    incidentId: shown(result.incidentId, RESULT_TEXT_LIMITS.incidentId),
  }
}
