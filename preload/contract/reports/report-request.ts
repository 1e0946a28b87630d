import { z } from 'zod'

const text = (max: number) => z.string().max(max)
const filterList = z.array(z.union([text(128), z.number().int()])).max(10_000)

/** The filter arrays of spec §2.1; each may be empty. */
export const REPORT_FILTER_NAMES = [
  'gates',
  'companies',
  'projects',
  'endpoints',
  'merchants',
  'processors',
  'managers',
  'resellers',
  'currencies',
] as const

export const inputReportParameterSchema = z.object({
  type: text(64),
  name: text(128),
  value: text(4096),
})

/** The custom report request of spec §2.1 (per-report contents come from support managers). */
export const reportRequestSchema = z.object({
  reportIdentifier: text(128).min(
    1,
    'Required: the identifier of the report to run, as support gave it',
  ),
  reportEncode: text(64),
  reportName: text(256),
  reportCsvDelimiter: text(8),
  reportFormat: text(32),
  // Their item shapes are not published; keep them bounded and pass them through.
  configurationReportParameters: z
    .array(z.union([text(4096), z.record(text(128), text(4096))]))
    .max(256),
  inputReportParameters: z.array(inputReportParameterSchema).max(256),
  outputReportParameters: z.array(z.union([text(4096), z.record(text(128), text(4096))])).max(256),
  filters: z.object(
    Object.fromEntries(REPORT_FILTER_NAMES.map((name) => [name, filterList.optional()])) as Record<
      (typeof REPORT_FILTER_NAMES)[number],
      z.ZodOptional<typeof filterList>
    >,
  ),
})

export type ReportRequest = z.infer<typeof reportRequestSchema>
