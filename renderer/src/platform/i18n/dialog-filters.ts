import {
  DIALOG_FILTER_IDS,
  type DialogFilterNames,
  type DialogText,
} from '../../../../preload/contract/platform/dialog-title'
import { i18n } from '.'

/**
 * The names of every file type main's dialogs offer, in the window's language, for a dialog
 * channel's `dialogFilters`: main shows those its dialog offers. Call it when the dialog opens.
 */
const dialogFilterNames = (): DialogFilterNames =>
  Object.fromEntries(
    DIALOG_FILTER_IDS.map((id) => [id, i18n.global.t(`common.dialogFilters.${id}`)]),
  )

/** A dialog channel's words: its title, already in the window's language, and its filters'. */
export const dialogText = (title: string): Required<DialogText> => ({
  dialogTitle: title,
  dialogFilters: dialogFilterNames(),
})
