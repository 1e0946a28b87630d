import { z } from 'zod'
import { channel } from '../platform/define'
import { environmentIdSchema } from '../environments/environment'
import { explainedFields } from '../platform/explained'
import { RECURRING_PROFILE_TYPES, recurringUpdateInputSchema } from './recurring-parameters'
import { RECURRING_UPDATE_ISSUE_CODES } from './recurring-issue'
import { isUncertainOutcome, type RequestOutcome } from '../platform/request-outcomes'
import { sendIdSchema } from './recurring-editor-channels'
import { outputText } from '../platform/text'

/** What became of an update request (main/platform/gateway/update-response.ts explains each). */
export const RECURRING_UPDATE_OUTCOMES = [
  'approved',
  'declined',
  'validation-error',
  'error',
  'internal-failure',
  'unknown',
  'not-sent',
  'protocol-error',
] as const satisfies readonly RequestOutcome[]

export type RecurringUpdateOutcome = (typeof RECURRING_UPDATE_OUTCOMES)[number]

/** Outcomes after which the update may or may not have reached the gateway and changed the profile. */
export const UNCERTAIN_UPDATE_OUTCOMES: readonly RecurringUpdateOutcome[] =
  RECURRING_UPDATE_OUTCOMES.filter(isUncertainOutcome)

/** The longest texts a result carries to the window (and history keeps). */
export const RESULT_TEXT_LIMITS = {
  message: 2000,
  serialNumber: 128,
  errorCode: 64,
  errorMessage: 2000,
  incidentId: 128,
} as const

const issueSchema = z.object({
  parameter: outputText(64),
  code: z.enum(RECURRING_UPDATE_ISSUE_CODES),
  message: outputText(1000),
  ...explainedFields,
  also: z.array(outputText(64)).max(4).optional(),
})

export const recurringUpdateSendSchema = z.object({
  environmentId: environmentIdSchema,
  parameters: recurringUpdateInputSchema,
  /** When known, the checks that depend on the profile's type run before sending too. */
  profileType: z.enum(RECURRING_PROFILE_TYPES).optional(),
  /**
   * The user confirmed sending this update again although its last send has an uncertain
   * outcome. Without it, main sends nothing and answers with `uncertainEarlier`.
   */
  confirmedResend: z.boolean().optional(),
  /** Names this send for recurring:cancel. */
  sendId: sendIdSchema.optional(),
})

/** The earlier send of the same update whose uncertain outcome held this one back. */
export const uncertainEarlierSchema = z.object({
  historyId: z.number().int(),
  sentAt: outputText(40),
  outcome: outputText(32),
  profileId: outputText(128),
})

export const recurringUpdateResultSchema = z.object({
  outcome: z.enum(RECURRING_UPDATE_OUTCOMES),
  /** One plain sentence for staff. */
  message: outputText(RESULT_TEXT_LIMITS.message),
  ...explainedFields,
  serialNumber: outputText(RESULT_TEXT_LIMITS.serialNumber).nullable(),
  errorCode: outputText(RESULT_TEXT_LIMITS.errorCode).nullable(),
  errorMessage: outputText(RESULT_TEXT_LIMITS.errorMessage).nullable(),
  /** The gateway's incident ID of an internal failure. */
  incidentId: outputText(RESULT_TEXT_LIMITS.incidentId).nullable(),
  /** The rules of spec §4.2 the request broke; it was not sent (outcome not-sent). */
  issues: z.array(issueSchema).max(100),
  /** The request's history entry; null when it was refused before signing. */
  historyId: z.number().int().nullable(),
  /** Set when nothing was sent because the same update's last send has an uncertain outcome. */
  uncertainEarlier: uncertainEarlierSchema.nullable(),
})

export type RecurringUpdateResult = z.infer<typeof recurringUpdateResultSchema>

export const recurringChannels = {
  'recurring:send': channel(
    'Checks an update-recurring-payment request against spec §4.2, then signs (RSA-SHA256), sends and records it. Never retried.',
    recurringUpdateSendSchema,
    recurringUpdateResultSchema,
  ),
} as const
