import { z } from 'zod'
import { channel } from '../platform/define'
import { dialogTextFields } from '../platform/dialog-title'
import { inputText, outputText } from '../platform/text'

/** A report file main serves by id (a PDF on show): the window never holds its path. */
export const reportFileIdSchema = inputText(64).regex(/^[0-9a-f-]+$/, 'not a file id')

/** What the window may do with a report file it shows by id. */
export const reportFileChannels = {
  'report-files:save': channel(
    'Saves the bytes of a report file the window shows by id (a PDF, as it came) where the user picks in a main-side dialog: a report-export job (byte progress, cancel through jobs:cancel), or no job if the dialog was cancelled.',
    z.object({ fileId: reportFileIdSchema, ...dialogTextFields }),
    z.object({ jobId: outputText(64).nullable(), file: outputText(4096).nullable() }),
  ),
} as const
