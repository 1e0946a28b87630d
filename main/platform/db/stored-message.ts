import type { MessageParams } from '../../../preload/contract/platform/explained'
import { redactMessageParams } from '../privacy/redaction'

/** A message's code and parameters as its row keeps them, next to its English text. */
export interface MessageColumns {
  message_code: string | null
  message_params: string | null
}

/** The code and parameters of a result message, to store; card data masked as in its text. */
export function storedMessage(explained: { messageCode?: string; params?: MessageParams }) {
  if (explained.messageCode === undefined) return { messageCode: null, messageParams: null }
  return {
    messageCode: explained.messageCode,
    messageParams: JSON.stringify(redactMessageParams(explained.params ?? {})),
  }
}

/** What the window needs to say a stored message in its language; nothing for an uncoded one. */
export function explainedOf(row: MessageColumns): { messageCode?: string; params?: MessageParams } {
  if (row.message_code === null) return {}
  return {
    messageCode: row.message_code,
    params: row.message_params === null ? {} : (JSON.parse(row.message_params) as MessageParams),
  }
}
