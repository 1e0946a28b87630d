import { DIALOG_FILTER_IDS, type DialogFilterNames } from '../../../preload/contract/dialog-title'
import { i18n } from '.'

/**
 * The names of every file type main's dialogs offer, in the window's language, for a dialog
 * channel's `dialogFilters`: main shows those its dialog offers. Call it when the dialog opens.
 */
export const dialogFilterNames = (): DialogFilterNames =>
  Object.fromEntries(
    DIALOG_FILTER_IDS.map((id) => [id, i18n.global.t(`common.dialogFilters.${id}`)]),
  )
