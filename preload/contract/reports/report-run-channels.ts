import { z } from 'zod'
import { channel } from '../platform/define'
import { dialogTextFields } from '../platform/dialog-title'
import { environmentIdSchema } from '../environments/environment'
import { explainedFields } from '../platform/explained'
import { jobIdSchema } from '../platform/jobs'
import { reportHeadSchema } from './report-channels'
import { reportRequestSchema } from './report-request'
import { inputText, outputText } from '../platform/text'

/**
 * What became of a report run, in the user's terms: the gateway's outcomes
 * (main/platform/gateway/report-response.ts) plus the two the run itself decides, `too-large` (the
 * download passed the size limit) and `cancelled` (the user stopped it).
 */
export const REPORT_RUN_OUTCOMES = [
  'report',
  'not-authorised',
  'internal-failure',
  'protocol-error',
  'transport-error',
  'too-large',
  'cancelled',
] as const
export type ReportRunOutcomeName = (typeof REPORT_RUN_OUTCOMES)[number]

/** The History parameter holding a run's whole request as JSON: what "Run again" puts back. */
export const REQUEST_JSON_PARAMETER = 'request (JSON)'

/** A saved report design's id (preload/contract/templates/). */
export const templateIdSchema = inputText(36).regex(/^[0-9a-f-]{36}$/, 'not a template id')

/** The template a run was started from, so the run can be named and the template marked as run. */
export const runTemplateSchema = z.object({
  id: templateIdSchema,
  name: inputText(256),
})

export const reportRunInputSchema = z.object({
  environmentId: environmentIdSchema,
  request: reportRequestSchema,
  template: runTemplateSchema.nullable(),
})
export type ReportRunInput = z.input<typeof reportRunInputSchema>

/** What every run reports, whatever its outcome. */
const runFacts = {
  /** One plain sentence (or two) for the user. */
  message: outputText(2000),
  ...explainedFields,
  /** Bytes received from the gateway. */
  bytes: z.number().int().min(0),
  /** From signing the request to the outcome. */
  durationMs: z.number().min(0),
  /** The run's History entry; null when nothing was recorded. */
  historyId: z.number().int().nullable(),
}

const csvResultSchema = z.object({ kind: z.literal('csv'), head: reportHeadSchema })
/** A PDF registered with main's report files, served to the window as app://…/report-files/<fileId>. */
const pdfResultSchema = z.object({
  kind: z.literal('pdf'),
  fileId: outputText(64),
  fileName: outputText(255),
})

export const reportRunOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('report'),
    ...runFacts,
    result: z.discriminatedUnion('kind', [csvResultSchema, pdfResultSchema]),
  }),
  z.object({
    outcome: z.literal('internal-failure'),
    ...runFacts,
    /** The gateway's incident ID, for support; null when its answer named none. */
    incidentId: outputText(128).nullable(),
  }),
  z.object({
    outcome: z.enum([
      'not-authorised',
      'protocol-error',
      'transport-error',
      'too-large',
      'cancelled',
    ]),
    ...runFacts,
    /** A damaged PDF's bytes, kept for 'report-runs:save-damaged' should the user ask. */
    damagedFileId: outputText(64).optional(),
  }),
])
export type ReportRunOutcome = z.infer<typeof reportRunOutcomeSchema>

/** The request as it would be signed now: the GUI face of `gatedesk sign`, never the control key. */
export const reportRequestPreviewSchema = z.object({
  method: z.literal('HMAC-SHA1'),
  url: outputText(4096),
  /** The signature base string of spec §5.2. */
  baseString: outputText(16_384),
  /** The whole Authorization header value, oauth_signature included. */
  authorization: outputText(4096),
  /** The JSON body as it would be sent. */
  body: outputText(4 * 1024 * 1024),
})
export type ReportRequestPreview = z.infer<typeof reportRequestPreviewSchema>

/** Running a report on an environment, its request preview, and what came back. */
export const reportRunChannels = {
  'report-runs:start': channel(
    'Signs and sends a report request to an environment and downloads the report to the report cache: a job of kind report-download (byte progress, cancel through jobs:cancel). Recorded in History.',
    reportRunInputSchema,
    z.object({ jobId: outputText(64) }),
  ),
  'report-runs:outcome': channel(
    "A run's outcome, once its job has finished (waits for it): the CSV opened in the report engine or the PDF's file id, or why there is no report.",
    z.object({ jobId: jobIdSchema }),
    reportRunOutcomeSchema,
  ),
  'report-runs:save-damaged': channel(
    "Saves the bytes of a damaged PDF a run refused (its outcome's damagedFileId) where the user picks in a main-side dialog: only on the user's request, and never as a report.",
    z.object({
      fileId: inputText(64).regex(/^[0-9a-f-]+$/, 'not a file id'),
      ...dialogTextFields,
    }),
    z.object({ file: outputText(4096).nullable() }),
  ),
  'report-runs:preview': channel(
    'The URL, signature base string and Authorization header a run of this request would send now (fresh nonce and timestamp), computed in main.',
    z.object({ environmentId: environmentIdSchema, request: reportRequestSchema }),
    reportRequestPreviewSchema,
  ),
} as const
