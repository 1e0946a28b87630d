import { z } from 'zod'
import { channel } from '../platform/define'
import { reportIdSchema } from './report-channels'

/** What the report grid asks of main beyond its rows: where a file's row is in the view. */
export const reportGridChannels = {
  'report-grid:row-position': channel(
    "Where the file's row `rowId` (its id among the data rows, from 0) is in the current view, so the window can show it (a problem clicked in the list); null when the view's filters or search leave it out.",
    z.object({ reportId: reportIdSchema, rowId: z.number().int().min(0).max(0xffff_ffff) }),
    z.object({ position: z.number().int().min(0).nullable() }),
  ),
} as const
