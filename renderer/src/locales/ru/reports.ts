import type { Translation } from '../../i18n/message-schema'
import type { reports as english } from '../en/reports'

export const reports: Translation<typeof english> = {}
