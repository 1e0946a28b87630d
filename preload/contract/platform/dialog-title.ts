import { z } from 'zod'

/**
 * Text of a native open or save dialog, in the window's language: the window words it and main
 * shows it (main keeps English text for callers without a window). One line of plain text: no
 * control or formatting characters, so the text cannot break or reorder the dialog's.
 */
const dialogTextSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u, 'dialog text is one line of plain text')

const filterName = dialogTextSchema.optional()

/**
 * The names of the file-type filters main's dialogs offer, by filter. Only the names: each
 * filter's extensions are main's alone.
 */
export const dialogFilterNamesSchema = z.strictObject({
  csvFiles: filterName,
  csvReports: filterName,
  tsvFiles: filterName,
  xlsxFiles: filterName,
  reports: filterName,
  pemKeys: filterName,
  reportTemplates: filterName,
  certificates: filterName,
  allFiles: filterName,
})
export type DialogFilterNames = z.infer<typeof dialogFilterNamesSchema>
export type DialogFilterId = keyof DialogFilterNames
export const DIALOG_FILTER_IDS = dialogFilterNamesSchema.keyof().options

/** The fields a channel that opens a dialog adds to its input: its title and its filters' names. */
export const dialogTextFields = {
  dialogTitle: dialogTextSchema.optional(),
  dialogFilters: dialogFilterNamesSchema.optional(),
}
export type DialogText = z.infer<z.ZodObject<typeof dialogTextFields>>
