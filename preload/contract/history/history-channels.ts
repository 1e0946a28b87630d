import { z } from 'zod'
import { channel } from '../platform/define'
import { explainedFields } from '../platform/explained'
import { RESULT_TEXT_LIMITS } from '../recurring/recurring-channels'
import { REQUEST_OUTCOME_NAMES } from '../platform/request-outcomes'
import { inputText, outputText } from '../platform/text'
import { dialogTextFields } from '../platform/dialog-title'

export const HISTORY_OPERATIONS = ['update-recurring-payment', 'custom-report'] as const

export const HISTORY_PAGE_SIZE_MAX = 200

const INSTANT_HINT = 'Enter a date and time with its offset, e.g. 2026-11-22T09:00:00Z'
const isoInstant = z.iso.datetime({ offset: true, message: INSTANT_HINT }).max(40, INSTANT_HINT)

/** Which entries: every field given narrows them. */
export const historyFilterSchema = z.object({
  /** Any part of an order ID, profile, serial number, error, message or incident ID. */
  text: inputText(128).optional(),
  profileId: inputText(128).optional(),
  orderId: inputText(128).optional(),
  operation: z.enum(HISTORY_OPERATIONS).optional(),
  environmentId: inputText(36).optional(),
  outcome: z.enum(REQUEST_OUTCOME_NAMES).optional(),
  /** Entries sent at or after this instant. */
  from: isoInstant.optional(),
  /** Entries sent before this instant. */
  to: isoInstant.optional(),
})

export type HistoryFilterInput = z.input<typeof historyFilterSchema>

export const historyQuerySchema = historyFilterSchema.extend({
  limit: z.number().int().min(1).max(HISTORY_PAGE_SIZE_MAX).optional(),
  offset: z.number().int().min(0).max(1_000_000_000).optional(),
})

export type HistoryQueryInput = z.input<typeof historyQuerySchema>

export const historyEntrySchema = z.object({
  id: z.number().int(),
  sentAt: outputText(40),
  environmentId: outputText(36),
  environmentName: outputText(64),
  operation: z.enum(HISTORY_OPERATIONS),
  /** As sent, card number masked, cvv2 left out, SSN masked (main/platform/privacy/redaction.ts). */
  parameters: z.array(z.tuple([outputText(64), outputText(65_535)]).readonly()).max(100),
  profileId: outputText(128).nullable(),
  orderId: outputText(128).nullable(),
  outcome: z.enum(REQUEST_OUTCOME_NAMES),
  serialNumber: outputText(RESULT_TEXT_LIMITS.serialNumber).nullable(),
  errorCode: outputText(RESULT_TEXT_LIMITS.errorCode).nullable(),
  errorMessage: outputText(RESULT_TEXT_LIMITS.errorMessage).nullable(),
  message: outputText(RESULT_TEXT_LIMITS.message).nullable(),
  /** Who sent it, in the team's audit trail: OS user, desk and database user (this desk's: none). */
  sender: z
    .object({ osUser: outputText(256), deskName: outputText(256), dbUser: outputText(256) })
    .nullable()
    .optional(),
  ...explainedFields,
})

export type HistoryEntryView = z.infer<typeof historyEntrySchema>

export const historyChannels = {
  'history:search': channel(
    'The requests sent, newest first, found by text and filtered by operation, environment, outcome and time; one page and the total.',
    historyQuerySchema,
    z.object({
      entries: z.array(historyEntrySchema).max(HISTORY_PAGE_SIZE_MAX),
      total: z.number().int(),
    }),
  ),
  'history:export': channel(
    'Saves the entries the filter matches as CSV (masked as History keeps them), to a file main asks for. A job (history-export, in rows): stopped when jobs:cancel ended it, leaving no file.',
    historyFilterSchema.extend(dialogTextFields),
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('cancelled') }),
      z.object({ kind: z.literal('stopped') }),
      z.object({ kind: z.literal('saved'), fileName: outputText(255), rows: z.number().int() }),
    ]),
  ),
} as const
