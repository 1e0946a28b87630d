import { z } from 'zod'
import { channel } from '../platform/define'
import { inputText, outputText } from '../platform/text'
import { reportIdSchema } from './report-channels'
import { REPORT_COLUMNS_MAX } from './report-limits'

/** The most rows a print of the view takes: more make a PDF nobody reads on paper. */
export const PRINT_ROWS_MAX = 5000

/** Letter where it is the usual paper (the United States, Canada, Mexico), A4 elsewhere. */
export function paperFor(locale: string): 'A4' | 'Letter' {
  const region = /-([A-Z]{2})\b/i.exec(locale)?.[1]?.toUpperCase()
  return region && ['US', 'CA', 'MX'].includes(region) ? 'Letter' : 'A4'
}

/** A BCP 47 language tag as the window's locale has it: "en", "en-GB", "ru-RU". */
const localeTag = inputText(35).regex(/^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'not a locale tag')

export const reportPrintChannels = {
  'report-print:view': channel(
    `Prints the current view to a PDF in main: its first ${PRINT_ROWS_MAX} rows at most, the chosen columns in the grid's order, landscape, the header on every page, the view's totals at the end; a job. The PDF is served by file id (for the preview, with Save and Print) once the job is done.`,
    z.object({
      reportId: reportIdSchema,
      columns: z
        .array(
          z
            .number()
            .int()
            .min(0)
            .max(REPORT_COLUMNS_MAX - 1),
        )
        .min(1)
        .max(REPORT_COLUMNS_MAX),
      /** The words on the pages, and the digits of numbers, as the window writes them. */
      language: z.enum(['en', 'ru']),
      /** How dates are written (and the paper: Letter for en-US): the window's regional locale. */
      dateLocale: localeTag,
      /** The view's filters in words, as the window's chips say them. */
      filters: z.array(inputText(1000)).max(64),
    }),
    z.object({
      jobId: outputText(64),
      fileId: outputText(64),
      fileName: outputText(255),
    }),
  ),
} as const
