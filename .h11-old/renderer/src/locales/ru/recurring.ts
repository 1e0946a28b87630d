import type { Translation } from '../../i18n/message-schema'
import type { recurring as english } from '../en/recurring'

export const recurring: Translation<typeof english> = {}
