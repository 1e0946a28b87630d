import { z } from 'zod'
import { channel, event } from '../platform/define'
import { explainedFields } from '../platform/explained'
import { inputText, outputText } from '../platform/text'
import { openedCsv, openedPdf, reportIdSchema } from './report-channels'
import { savedViewContentSchema } from './saved-views'

/** Reports GateDesk remembers as recently opened (the Reports screen's list, File ▸ Open Recent). */
export const RECENT_REPORTS_MAX = 20

export const recentReportIdSchema = inputText(36).regex(/^[0-9a-f-]{36}$/, 'not a recent report id')

/**
 * A report opened lately: a file the user opened, or the report a template's run brought (one
 * entry per template, its latest run). The window never gets the path, only what it shows.
 */
export const recentReportSchema = z.object({
  id: outputText(36),
  kind: z.enum(['file', 'run']),
  /** The file's name; for a run, the template's name. */
  name: outputText(1024),
  /** The file's name as it is on disk (for a run, the downloaded report's). */
  fileName: outputText(1024),
  /** When it was last opened (ISO 8601). */
  openedAt: outputText(40),
  /** The file is no longer where it was (moved, deleted; a run's download is kept for one session). */
  missing: z.boolean(),
})
export type RecentReport = z.infer<typeof recentReportSchema>

const recentList = z.object({ entries: z.array(recentReportSchema).max(RECENT_REPORTS_MAX) })

/** The recent reports, and opening one with the view it was last seen with. */
export const recentReportChannels = {
  'recent-reports:list': channel(
    `The reports opened lately, newest first (at most ${RECENT_REPORTS_MAX}), each marked missing when its file is gone.`,
    z.undefined(),
    recentList,
  ),
  'recent-reports:open': channel(
    "Opens a recent report again as 'reports:open-file' would (a CSV in the engine, a PDF by file id), with the view it was last seen with and, for a run, its template; a file no longer there is answered as missing (nothing opened), saying why.",
    z.object({ id: recentReportIdSchema }),
    z.discriminatedUnion('status', [
      z.object({
        status: z.literal('opened'),
        result: z.discriminatedUnion('kind', [openedCsv, openedPdf]),
        view: savedViewContentSchema.nullable(),
        /** The template a run's entry came from: the result's saved views are that template's. */
        templateId: outputText(36).nullable(),
      }),
      z.object({ status: z.literal('missing'), message: outputText(2000), ...explainedFields }),
      /** Removed meanwhile (another window, the menu's Clear). */
      z.object({ status: z.literal('gone') }),
    ]),
  ),
  'recent-reports:remove': channel(
    'Takes one report off the recent list (the file itself is left alone).',
    z.object({ id: recentReportIdSchema }),
    z.object({ removed: z.boolean() }),
  ),
  'recent-reports:clear': channel(
    'Empties the recent list (the files are left alone).',
    z.undefined(),
    z.object({ cleared: z.number().int().min(0) }),
  ),
  'recent-reports:remember-view': channel(
    'Keeps the view of an open CSV report (columns, sort, filters, search, pivot) as last seen, so opening it from the recent list brings it back; false when the report is not a recent one.',
    z.object({ reportId: reportIdSchema, view: savedViewContentSchema }),
    z.object({ remembered: z.boolean() }),
  ),
} as const

export const recentReportEvents = {
  'recent-reports:changed': event(
    'The recent list changed (a report opened, one removed, the list cleared): read it again.',
    z.object({}),
  ),
  'recent-reports:open-requested': event(
    'The user chose a recent report in the File menu: the window opens it as from its own list.',
    z.object({ id: outputText(36) }),
  ),
} as const
