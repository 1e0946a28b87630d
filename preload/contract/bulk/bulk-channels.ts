import { z } from 'zod'
import { channel, event } from '../platform/define'
import { dialogTextFields } from '../platform/dialog-title'
import { environmentIdSchema } from '../environments/environment'
import { explainedFields } from '../platform/explained'
import { RECURRING_PROFILE_TYPES } from '../recurring/recurring-parameters'
import { inputText, outputText } from '../platform/text'

/**
 * Bulk recurring updates: a CSV (or pasted table) of updates is imported into main, checked row
 * by row with the editor's rules, then run as a journaled job. The window sees rows with card
 * data masked; it never receives a card number from a file.
 */

export const importIdSchema = inputText(64).regex(/^import-[0-9a-f-]+$/, 'not an import id')
export const bulkJobIdSchema = inputText(64).regex(/^bulk-[0-9a-f-]+$/, 'not a bulk job id')

export const BULK_ROW_STATES = ['pending', 'in-flight', 'done', 'unknown', 'skipped'] as const
export const BULK_JOB_STATES = ['ready', 'running', 'paused', 'cancelled', 'finished'] as const
export const BULK_CONCURRENCY_MAX = 64
export const BULK_PREVIEW_PAGE_MAX = 500
const CELL_MAX = 2000
const COLUMNS_MAX = 200

const parameterName = z.string().max(64)
const mappingSchema = z.array(parameterName.nullable()).max(COLUMNS_MAX)

export const bulkImportSchema = z.object({
  importId: outputText(64),
  /** The file's name, or "Pasted table". */
  fileName: outputText(255),
  /** Pasted from a spreadsheet: the window names it in its own language. */
  pasted: z.boolean(),
  encoding: outputText(64),
  delimiter: outputText(4),
  headers: z.array(outputText(256)).max(COLUMNS_MAX),
  rowCount: z.number().int().min(0),
  /** Per column, the parameter it maps to (null: not sent). */
  mapping: mappingSchema,
  /** What a column may be mapped to: the parameters of spec 4.2, profile-type, environment. */
  parameters: z.array(outputText(64)),
  /** Money columns with amounts written with a decimal comma ("12,50"): offered for conversion. */
  decimalCommas: z
    .array(
      z.object({
        column: z.number().int().min(0),
        parameter: outputText(64),
        count: z.number().int().min(1),
      }),
    )
    .max(COLUMNS_MAX),
})
export type BulkImport = z.infer<typeof bulkImportSchema>

const problemSchema = z.object({
  column: z.number().int().nullable(),
  parameter: outputText(64),
  message: outputText(1000),
  ...explainedFields,
})

export const bulkPreviewRowSchema = z.object({
  rowNumber: z.number().int().min(1),
  /** The cells as they will be read, fixes applied; card data masked. */
  cells: z.array(outputText(CELL_MAX)),
  /** Columns whose value was fixed in place. */
  fixedColumns: z.array(z.number().int()),
  excluded: z.boolean(),
  problems: z.array(problemSchema).max(100),
})
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>

export const bulkPreviewSchema = z.object({
  rows: z.array(bulkPreviewRowSchema).max(BULK_PREVIEW_PAGE_MAX),
  /** Rows matching the filter. */
  total: z.number().int(),
  counts: z.object({
    rows: z.number().int(),
    withProblems: z.number().int(),
    excluded: z.number().int(),
  }),
})
export type BulkPreview = z.infer<typeof bulkPreviewSchema>

const runSettingsSchema = z.object({
  /** For every row without an environment cell. */
  environmentId: environmentIdSchema,
  /** For every row without a profile-type cell; null: type checks left to the gateway. */
  profileType: z.enum(RECURRING_PROFILE_TYPES).nullable(),
  concurrency: z.number().int().min(1).max(BULK_CONCURRENCY_MAX),
  /** Requests a second at most; null: no limit. */
  rate: z.number().min(0.1).max(10_000).nullable(),
})
export type BulkRunSettings = z.infer<typeof runSettingsSchema>

export const bulkDryRunSchema = z.object({
  counts: z.object({
    /** Will be sent. */
    send: z.number().int(),
    /** Break the rules: left out, not sent. */
    refused: z.number().int(),
    /** Left out by you. */
    excluded: z.number().int(),
    /** Same update as a send whose outcome is uncertain: held for your decision. */
    held: z.number().int(),
  }),
  /** The first requests exactly as they will be sent (card data masked). */
  requests: z
    .array(
      z.object({
        rowNumber: z.number().int(),
        /** Where it goes: the row's own environment, else the job's. */
        environmentName: outputText(256),
        /** client-orderid is empty: each row gets its own when it is sent. */
        parameters: z.array(z.tuple([outputText(64), outputText(CELL_MAX)])),
      }),
    )
    .max(50),
})
export type BulkDryRun = z.infer<typeof bulkDryRunSchema>

const countsSchema = z.object({
  states: z.record(z.enum(BULK_ROW_STATES), z.number().int()),
  outcomes: z.record(z.string().max(32), z.number().int()),
})

export const bulkProgressSchema = countsSchema.extend({
  bulkJobId: outputText(64),
  state: z.enum(BULK_JOB_STATES),
  total: z.number().int(),
  perSecond: z.number().nullable(),
  secondsLeft: z.number().nullable(),
})
export type BulkProgressView = z.infer<typeof bulkProgressSchema>

export const bulkJobSchema = z.object({
  bulkJobId: outputText(64),
  createdAt: outputText(40),
  fileName: outputText(255),
  /** Made from a pasted table: the window names it so, not by its stored copy's file name. */
  pasted: z.boolean(),
  environmentName: outputText(256),
  state: z.enum(BULK_JOB_STATES),
  /** Its run was cut off (a crash, a kill): rows in flight then are now unknown. */
  interrupted: z.boolean(),
  /** The job runs in this window now. */
  live: z.boolean(),
  concurrency: z.number().int(),
  rate: z.number().nullable(),
  total: z.number().int(),
  states: countsSchema.shape.states,
  outcomes: countsSchema.shape.outcomes,
})
export type BulkJobView = z.infer<typeof bulkJobSchema>

export const bulkResultRowSchema = z.object({
  rowNumber: z.number().int(),
  environmentName: outputText(256),
  state: z.enum(BULK_ROW_STATES),
  clientOrderId: outputText(256),
  attempt: z.number().int(),
  profileId: outputText(256).nullable(),
  outcome: outputText(32).nullable(),
  serialNumber: outputText(128).nullable(),
  errorCode: outputText(64).nullable(),
  message: outputText(2000).nullable(),
  ...explainedFields,
  historyId: z.number().int().nullable(),
})
export type BulkResultRow = z.infer<typeof bulkResultRowSchema>

const bulkJobRef = z.object({ bulkJobId: bulkJobIdSchema })
const cancelled = z.object({ kind: z.literal('cancelled') })

export const bulkChannels = {
  'bulk:open-file': channel(
    'Asks for a CSV file of updates and imports it (encoding and delimiter detected unless given).',
    z.object({
      encoding: inputText(64).optional(),
      delimiter: inputText(1).optional(),
      ...dialogTextFields,
    }),
    z.discriminatedUnion('kind', [
      cancelled,
      z.object({ kind: z.literal('imported'), import: bulkImportSchema }),
    ]),
  ),
  'bulk:reread': channel(
    'Reads an imported file again with another encoding or delimiter.',
    z.object({
      importId: importIdSchema,
      encoding: inputText(64).optional(),
      delimiter: inputText(1).optional(),
    }),
    bulkImportSchema,
  ),
  'bulk:paste': channel(
    'Imports a table pasted from a spreadsheet (tab-separated, with a header row).',
    z.object({ text: inputText(16 * 1024 * 1024) }),
    bulkImportSchema,
  ),
  'bulk:set-mapping': channel(
    'Maps the columns to parameters (saved for the next file with the same headers).',
    z.object({ importId: importIdSchema, mapping: mappingSchema }),
    bulkImportSchema,
  ),
  'bulk:preview': channel(
    "A page of the imported rows with each one's problems at its cells.",
    z.object({
      importId: importIdSchema,
      filter: z.enum(['all', 'problems', 'excluded']),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(BULK_PREVIEW_PAGE_MAX),
    }),
    bulkPreviewSchema,
  ),
  'bulk:fix': channel(
    'Fixes one cell in place (the file is not changed); returns the row checked again.',
    z.object({
      importId: importIdSchema,
      rowNumber: z.number().int().min(1),
      column: z.number().int().min(0).max(COLUMNS_MAX),
      value: inputText(CELL_MAX),
    }),
    bulkPreviewRowSchema,
  ),
  'bulk:convert-decimal-commas': channel(
    'Writes every amount of a money column that has a decimal comma with a point, as fixes in place.',
    z.object({ importId: importIdSchema, column: z.number().int().min(0).max(COLUMNS_MAX) }),
    z.object({ import: bulkImportSchema, converted: z.number().int().min(0) }),
  ),
  'bulk:exclude': channel(
    'Leaves rows out of the job, or takes them back.',
    z.object({
      importId: importIdSchema,
      rowNumbers: z.array(z.number().int().min(1)).max(200_000),
      excluded: z.boolean(),
    }),
    z.object({ changed: z.number().int() }),
  ),
  'bulk:dry-run': channel(
    'What the job would send, without sending: counts per expected outcome, the first requests.',
    z.object({ importId: importIdSchema, settings: runSettingsSchema }),
    bulkDryRunSchema,
  ),
  'bulk:start': channel(
    'Journals the job and starts sending; progress comes as bulk:progress events.',
    z.object({ importId: importIdSchema, settings: runSettingsSchema }),
    z.object({ bulkJobId: outputText(64), jobId: outputText(64) }),
  ),
  'bulk:send-failed-again': channel(
    "Journals a new job of a job's rows that surely failed (never unknown ones) and starts it.",
    bulkJobRef,
    z.object({ bulkJobId: outputText(64), jobId: outputText(64), rows: z.number().int() }),
  ),
  'bulk:jobs': channel(
    'The bulk jobs, newest first, interrupted ones marked.',
    z.undefined(),
    z.array(bulkJobSchema).max(100),
  ),
  'bulk:pause': channel('Pauses a running job: rows in flight finish.', bulkJobRef, bulkJobSchema),
  'bulk:resume': channel(
    'Resumes a paused, interrupted or cancelled job: only rows never sent are sent.',
    bulkJobRef,
    bulkJobSchema,
  ),
  'bulk:cancel': channel(
    'Stops a job for good: rows in flight finish, the rest are not sent.',
    bulkJobRef,
    bulkJobSchema,
  ),
  'bulk:rows': channel(
    "A page of a job's rows and their outcomes, filtered.",
    z.object({
      bulkJobId: bulkJobIdSchema,
      states: z.array(z.enum(BULK_ROW_STATES)).max(5).optional(),
      outcomes: z.array(inputText(32)).max(20).optional(),
      text: inputText(128).optional(),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
    }),
    z.object({ rows: z.array(bulkResultRowSchema).max(1000), total: z.number().int() }),
  ),
  'bulk:decide': channel(
    'The decision on rows whose outcome is unknown: send again with a new order id, or skip.',
    z.object({
      bulkJobId: bulkJobIdSchema,
      rowNumbers: z.array(z.number().int().min(1)).max(200_000),
      decision: z.enum(['resend', 'skip']),
    }),
    z.object({ changed: z.number().int() }),
  ),
  'bulk:export': channel(
    "Saves a job's results as CSV: the inputs masked as in History, then the outcome columns.",
    bulkJobRef.extend(dialogTextFields),
    z.discriminatedUnion('kind', [
      cancelled,
      z.object({ kind: z.literal('saved'), fileName: outputText(255), rows: z.number().int() }),
    ]),
  ),
  'bulk:save-sample': channel(
    'Saves a sample CSV of updates (the columns the mapping knows, two rows that pass the checks).',
    z.object(dialogTextFields),
    z.discriminatedUnion('kind', [
      cancelled,
      z.object({ kind: z.literal('saved'), fileName: outputText(255) }),
    ]),
  ),
} as const

export const bulkEvents = {
  'bulk:progress': event(
    'How far a bulk job is: counts per state and outcome, throughput, time left (a few a second).',
    bulkProgressSchema,
  ),
} as const
