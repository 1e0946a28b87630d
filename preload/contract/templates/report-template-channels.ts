import { z } from 'zod'
import { channel } from '../platform/define'
import { dialogTextFields } from '../platform/dialog-title'
import { explainedFields } from '../platform/explained'
import { reportRequestSchema } from '../reports/report-request'
import { templateIdSchema } from '../reports/report-run-channels'
import { templateFileViewSchema, VIEWS_PER_REPORT_MAX } from '../reports/saved-views'
import { TEMPLATE_FILE_MAX_BYTES, TEMPLATE_NAME_MAX } from './report-template'
import { inputText, outputText } from '../platform/text'

/** How many templates "Recently run" lists. */
export const RECENT_TEMPLATES_MAX = 5
const TEMPLATES_MAX = 10_000
const ISSUES_MAX = 100

export const templateSummarySchema = z.object({
  id: outputText(36),
  name: outputText(TEMPLATE_NAME_MAX),
  reportIdentifier: outputText(256),
  reportFormat: outputText(64),
  createdAt: outputText(40),
  updatedAt: outputText(40),
  lastRunAt: outputText(40).nullable(),
})
export type TemplateSummaryView = z.infer<typeof templateSummarySchema>

export const templateViewSchema = templateSummarySchema.extend({
  /** The report request of spec §2.1 as JSON (reportRequestSchema checked it when saved). */
  requestJson: outputText(4 * TEMPLATE_FILE_MAX_BYTES),
})
export type TemplateView = z.infer<typeof templateViewSchema>

/** A problem at a field: `path` as in report-template.ts (`request.` first for a saved request). */
export const templateIssueSchema = z.object({
  path: outputText(200),
  message: outputText(500),
  ...explainedFields,
})

const saved = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), template: templateViewSchema }),
  z.object({ status: z.literal('refused'), issues: z.array(templateIssueSchema).max(ISSUES_MAX) }),
])

const byId = z.object({ id: templateIdSchema })
const name = inputText(TEMPLATE_NAME_MAX * 2)

/** Report templates kept in SQLite, and their JSON import and export (the Reports designer). */
export const reportTemplateChannels = {
  'templates:list': channel(
    'Every report template by name, and the few run last ("Recently run").',
    z.undefined(),
    z.object({
      templates: z.array(templateSummarySchema).max(TEMPLATES_MAX),
      recent: z.array(templateSummarySchema).max(RECENT_TEMPLATES_MAX),
    }),
  ),
  'templates:get': channel('One template with its request.', byId, templateViewSchema),
  'templates:save': channel(
    'Creates a template (no id) or saves an existing one; a name taken or a bad request is refused at its field.',
    z.object({
      id: templateIdSchema.nullable(),
      name,
      request: reportRequestSchema,
    }),
    saved,
  ),
  'templates:duplicate': channel(
    'Copies a template under the name "… (copy)".',
    byId,
    templateViewSchema,
  ),
  'templates:rename': channel(
    'Renames a template; a name another template has is refused.',
    z.object({ id: templateIdSchema, name }),
    saved,
  ),
  'templates:delete': channel(
    'Deletes a template; templates:restore undoes it until GateDesk restarts.',
    byId,
    z.object({ deleted: z.literal(true) }),
  ),
  'templates:restore': channel(
    'Brings a deleted template back (the undo of templates:delete).',
    byId,
    templateViewSchema,
  ),
  'templates:import-file': channel(
    'Asks for a JSON template in a main-side dialog and reads it as an unsaved draft, with the problems the schema finds at their fields.',
    z.object(dialogTextFields),
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('cancelled') }),
      z.object({
        status: z.literal('opened'),
        fileName: outputText(255),
        /** A free name for it: its reportName, else the file's name. */
        name: outputText(TEMPLATE_NAME_MAX),
        /** The file's JSON, laid out; the text as read when it is not JSON. */
        text: outputText(4 * TEMPLATE_FILE_MAX_BYTES),
        issues: z.array(templateIssueSchema).max(ISSUES_MAX),
        /** The file's saved views (none in a file before views), saved with the template. */
        views: z.array(templateFileViewSchema).max(VIEWS_PER_REPORT_MAX),
        /** Views in the file that do not read (another version, a hand edit): left out. */
        viewsSkipped: z.number().int().min(0),
      }),
      z.object({
        status: z.literal('refused'),
        fileName: outputText(255),
        message: outputText(500),
        ...explainedFields,
      }),
    ]),
  ),
  'templates:export-file': channel(
    'Writes a report request as a JSON file where the user picks in a main-side dialog, with the saved views of template `templateId` (if given) beside it.',
    z.object({
      name,
      request: reportRequestSchema,
      templateId: templateIdSchema.nullable().optional(),
      ...dialogTextFields,
    }),
    z.object({ file: outputText(255).nullable() }),
  ),
  'templates:mark-run': channel(
    'Notes that a report was just run from a template; answers the new "Recently run".',
    byId,
    z.object({
      marked: z.boolean(),
      recent: z.array(templateSummarySchema).max(RECENT_TEMPLATES_MAX),
    }),
  ),
} as const
