import type { Translation } from '../../i18n/message-schema'
import type { bulk as english } from '../en/bulk'

export const bulk: Translation<typeof english> = {}
