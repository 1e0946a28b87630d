import type { HistoryEntryView } from '../../../../preload/contract/history/history-channels'
import { formatDateTime } from '../../platform/format/date-time'
import { explainStored, i18n } from '../../platform/i18n'

// Called while rendering, so each text follows the window's language.
const t = i18n.global.t

export const operationLabel = (operation: HistoryEntryView['operation']): string =>
  t(`history.operations.${operation}`)

/** The entry as plain text for the clipboard: its fields, then the parameters as sent. */
export function entryAsText(entry: HistoryEntryView): string {
  const fields: [string, string | number | null][] = [
    [t('history.detail.entry'), entry.id],
    // The exact instant too, for support: the clipboard is not the screen.
    [t('history.fields.sent'), `${formatDateTime(entry.sentAt)} (${entry.sentAt})`],
    [t('history.fields.environment'), entry.environmentName],
    [t('history.fields.operation'), entry.operation],
    [t('history.fields.profileId'), entry.profileId],
    [t('history.fields.orderId'), entry.orderId],
    [t('history.fields.outcome'), entry.outcome],
    [t('history.fields.serialNumber'), entry.serialNumber],
    [t('history.fields.errorCode'), entry.errorCode],
    [t('history.fields.errorMessage'), entry.errorMessage],
    [t('history.fields.message'), explainStored(entry)],
  ]
  return [
    ...fields.map(([label, value]) => `${label}: ${value ?? '—'}`),
    '',
    `${t('history.detail.parameters')}:`,
    ...entry.parameters.map(([name, value]) => `${name}=${value}`),
  ].join('\n')
}
