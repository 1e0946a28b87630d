import { z } from 'zod'
import { channel } from '../platform/define'
import { reportIdSchema } from './report-channels'
import { pivotRequestSchema, pivotResultSchema } from './report-pivot'

/** The pivot of an open report's current view. */
export const reportPivotChannels = {
  'reports:pivot': channel(
    'The current view (its filters and search) grouped by 1 to 3 columns (dates by day, week or month), each group counted, with exact sums, minimums, maximums and averages, and the net Amount per currency by the signs of its transaction types; at most 1000 groups, `moreGroups` when the view has more.',
    z.object({ reportId: reportIdSchema, pivot: pivotRequestSchema }),
    pivotResultSchema,
  ),
} as const
