import { z } from 'zod'
import { channel, event } from './define'
import { inputText, outputText } from './text'

/**
 * Long work (a report download, indexing a report, an export, a bulk run) is a job: the channel
 * that starts it answers at once with a job id, progress arrives as `jobs:progress` events keyed
 * by that id, `jobs:cancel` stops it, and `jobs:finished` says how it ended.
 */
export const jobIdSchema = inputText(64).regex(/^job-[0-9a-z-]+$/, 'not a job id')

export const JOB_KINDS = [
  'report-index',
  'report-export',
  'report-print',
  'report-download',
  'bulk-run',
  'key-generation',
  'connection-check',
  'history-export',
  'workspace-check',
] as const
export type JobKind = (typeof JOB_KINDS)[number]

export const jobProgressSchema = z.object({
  jobId: outputText(64),
  kind: z.enum(JOB_KINDS),
  /** Work done so far, in `unit`s. */
  done: z.number().min(0),
  /** All the work, when known (a download without Content-Length has none). */
  total: z.number().min(0).nullable(),
  unit: z.enum(['bytes', 'rows', 'requests']),
})
export type JobProgress = z.infer<typeof jobProgressSchema>

export const jobFinishedSchema = z.object({
  jobId: outputText(64),
  kind: z.enum(JOB_KINDS),
  outcome: z.enum(['done', 'cancelled', 'failed']),
  /** Why it failed, in words for the user; null when it did not fail. */
  message: outputText(2000).nullable(),
})
export type JobFinished = z.infer<typeof jobFinishedSchema>

export const jobChannels = {
  'jobs:cancel': channel(
    'Stops a running job; false when it had already finished.',
    z.object({ jobId: jobIdSchema }),
    z.object({ cancelled: z.boolean() }),
  ),
} as const

export const jobEvents = {
  'jobs:progress': event(
    'How far a running job is (at most about ten a second per job).',
    jobProgressSchema,
  ),
  'jobs:finished': event('A job ended: done, cancelled or failed.', jobFinishedSchema),
} as const
