import type { Explained, MessageParams } from '../../../preload/contract/platform/explained'
import { ExplainedError } from '../../../preload/contract/platform/explained-error'
import { explainWith, type MessageCode } from '../../../preload/contract/locales/explain'
import { catalogWording } from './catalog-wording'

/**
 * Main's English for a coded message: the catalog's text under main.<code>, filled with `params`
 * exactly as the window fills it (sizes, durations, plural forms), so the two cannot drift.
 */
export function english(code: MessageCode, params: MessageParams = {}): string {
  return explainWith(catalogWording('en'), { message: code, messageCode: code, params })
}

/** An error the window words in its language by code; its own message is the catalog's English. */
export function explainedError(
  code: MessageCode,
  params: MessageParams = {},
  options?: ErrorOptions,
): ExplainedError {
  return new ExplainedError(english(code, params), code, params, options)
}

/** A coded message whose English is worded only when read. */
export interface CodedMessage extends Explained {
  messageCode: MessageCode
  params: MessageParams
}

/**
 * A coded message as a plain object. Its English `message` is worded when first read: wording
 * costs tens of microseconds, and per-row checks make many messages nobody reads. The getter is
 * enumerable, so spreading, structuredClone and zod see `message` as a plain field.
 */
export function coded(code: MessageCode, params: MessageParams = {}): CodedMessage {
  let worded: string | undefined
  return {
    messageCode: code,
    params,
    get message() {
      worded ??= english(code, params)
      return worded
    },
  }
}
