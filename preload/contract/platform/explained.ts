import { z } from 'zod'
import { outputText } from './text'

/**
 * Main's messages are English; the window speaks the user's language. A message that reaches the
 * window therefore carries, next to its English `message`, a stable `messageCode` and the
 * `params` it was built from. The renderer translates codes it knows (preload/contract/locales/<lang>/
 * main.ts) and shows `message` for any other, so a new message is never lost, only untranslated.
 */
export const messageParamsSchema = z.record(
  z.string().max(64),
  z.union([outputText(2000), z.number()]),
)
export type MessageParams = z.infer<typeof messageParamsSchema>

/** The fields a translatable message adds to the object that carries it. */
export const explainedFields = {
  messageCode: z
    .string()
    .regex(/^[a-z][a-z0-9.-]{0,99}$/)
    .optional(),
  params: messageParamsSchema.optional(),
}

export interface Explained {
  message: string
  messageCode?: string
  params?: MessageParams
}

export { ExplainedError } from './explained-error'

/**
 * What a message wrapping a failure (any error or result with a message code) passes on as its
 * params, so the window can word the failure too.
 */
export function explainedDetail(error: {
  message: string
  messageCode?: string | undefined
  params?: MessageParams
}): MessageParams {
  return error.messageCode
    ? { detail: error.message, detailCode: error.messageCode, ...error.params }
    : { detail: error.message }
}
