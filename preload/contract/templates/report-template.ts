import type { z } from 'zod'
import type { MessageParams } from '../platform/explained'
import {
  REPORT_FILTER_NAMES,
  reportRequestSchema,
  type ReportRequest,
} from '../reports/report-request'
import { inputText, outputText } from '../platform/text'

/**
 * The rules of report templates that main and the window share: names, and where a problem in a
 * request is.
 */

export const TEMPLATE_NAME_MAX = 120
/** The largest template file GateDesk imports or writes (the request JSON of spec §2.1). */
export const TEMPLATE_FILE_MAX_BYTES = 4 * 1024 * 1024

export const templateNameSchema = inputText(TEMPLATE_NAME_MAX * 2)
  .trim()
  .min(1)
  .max(TEMPLATE_NAME_MAX)

/**
 * A problem at one place of a request: `path` is the field's path joined with dots
 * (`inputReportParameters.0.value`, `filters.gates`), '' for the request as a whole.
 */
export interface TemplateIssue {
  path: string
  message: string
  /** The message's code and values, for the window to word it (./explained.ts). */
  messageCode?: string
  params?: MessageParams
}

/** Where a problem with a template's name is reported. */
export const NAME_PATH = 'name'

/** Why `name` cannot name a template (empty, or too long once trimmed); null when it can. */
export function templateNameIssue(name: string): TemplateIssue | null {
  const parsed = templateNameSchema.safeParse(name)
  if (parsed.success) return null
  if (parsed.error.issues[0]?.code === 'too_small') {
    return {
      path: NAME_PATH,
      message: 'Give the template a name',
      messageCode: 'report.template.name-missing',
    }
  }
  return {
    path: NAME_PATH,
    message: `Keep the name to ${TEMPLATE_NAME_MAX} characters`,
    messageCode: 'report.template.name-too-long',
    params: { max: TEMPLATE_NAME_MAX },
  }
}

export type RequestCheck =
  { ok: true; request: ReportRequest } | { ok: false; issues: TemplateIssue[] }

/**
 * Checks a request with the schema of spec §2.1, each problem at its field. A private key
 * pasted into any text is refused too: a template never needs one, and no channel may carry one.
 */
export function checkRequest(value: unknown): RequestCheck {
  const parsed = reportRequestSchema.safeParse(value)
  const issues: TemplateIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        ...plainly(issue, valueAt(value, issue.path)),
      }))
  findPrivateKeys(value, [], issues)
  return parsed.success && issues.length === 0
    ? { ok: true, request: parsed.data }
    : { ok: false, issues }
}

const valueAt = (value: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as never)[key] : undefined),
    value,
  )

/**
 * What a field wants, and what it holds, by name (`wanted` and `found` in an issue's params; the
 * window words them under main.report.values).
 */
const WANTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  array: 'a list [ … ]',
  object: 'an object { … }',
  boolean: 'true or false',
}
/** What was found, where its word differs from its name (null, true, false read as they are). */
const FOUND: Record<string, string> = {
  list: 'a list',
  object: 'an object',
  text: 'text',
  number: 'a number',
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'object') return 'object'
  if (typeof value === 'string') return 'text'
  if (typeof value === 'boolean') return String(value)
  return typeof value
}

type Worded = Pick<TemplateIssue, 'message' | 'messageCode' | 'params'>

/** The schema's complaint in words a person reads at a field; its own words when already plain. */
function plainly(issue: z.core.$ZodIssue, value: unknown): Worded {
  const found = kindOf(value)
  const foundText = FOUND[found] ?? found
  if (issue.code === 'invalid_type') {
    const wanted = WANTED[issue.expected] ?? issue.expected
    if (value === undefined) {
      return {
        message: `Missing: write ${wanted} here`,
        messageCode: 'report.request.missing',
        params: { wanted: issue.expected },
      }
    }
    return {
      message: `Must be ${wanted}, not ${foundText}`,
      messageCode: 'report.request.wrong-kind',
      params: { wanted: issue.expected, found },
    }
  }
  if (issue.code === 'too_big') {
    const most = Number(issue.maximum)
    if (issue.origin === 'string') {
      return {
        message: `Too long: at most ${most} characters`,
        messageCode: 'report.request.too-long',
        params: { n: most },
      }
    }
    if (issue.origin === 'array') {
      return {
        message: `Too many: at most ${most} items`,
        messageCode: 'report.request.too-many',
        params: { n: most },
      }
    }
  }
  if (issue.code === 'too_small' && issue.path.join('.') === 'reportIdentifier') {
    return { message: issue.message, messageCode: 'report.request.identifier-empty' }
  }
  if (issue.code === 'invalid_union') {
    const filter = issue.path.includes('filters')
    const also = filter ? 'a whole number' : 'an object of texts'
    return {
      message: `Must be text or ${also}, not ${foundText}`,
      messageCode: filter ? 'report.request.text-or-number' : 'report.request.text-or-texts',
      params: { found },
    }
  }
  return { message: issue.message }
}

// outputText's own rule: what it refuses, no channel could hand back to the window.
const keyFree = outputText(Number.MAX_SAFE_INTEGER)

function findPrivateKeys(value: unknown, path: string[], issues: TemplateIssue[]): void {
  if (typeof value === 'string') {
    if (!keyFree.safeParse(value).success) {
      issues.push({
        path: path.join('.'),
        message: 'This holds a private key: a report request never needs one. Remove it.',
        messageCode: 'report.request.private-key',
      })
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findPrivateKeys(item, [...path, String(index)], issues))
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) findPrivateKeys(item, [...path, key], issues)
  }
}

/** The request's fields GateDesk does not know: kept in the raw JSON, dropped when saved. */
export function unknownFields(value: unknown): string[] {
  if (!isRecord(value)) return []
  const known = new Set(Object.keys(reportRequestSchema.shape))
  const unknown = Object.keys(value).filter((key) => !known.has(key))
  const filters = value['filters']
  if (isRecord(filters)) {
    const filterNames = new Set<string>(REPORT_FILTER_NAMES)
    for (const key of Object.keys(filters))
      if (!filterNames.has(key)) unknown.push(`filters.${key}`)
  }
  return unknown
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The request as GateDesk writes it, in a file or the raw JSON tab. */
export const requestJsonText = (request: unknown) => `${JSON.stringify(request, null, 2)}\n`

/** A new template's request: what spec §2.1 asks for, to be filled in. */
export function blankRequest(): ReportRequest {
  return {
    reportIdentifier: '',
    reportEncode: 'UTF-8',
    reportName: '',
    reportCsvDelimiter: ',',
    reportFormat: 'CSV',
    configurationReportParameters: [],
    inputReportParameters: [],
    outputReportParameters: [],
    filters: Object.fromEntries(REPORT_FILTER_NAMES.map((name) => [name, []])),
  }
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase()

/** `base`, or `base 2`, `base 3`… : the first that no name in `taken` has (case aside). */
export function freeName(base: string, taken: readonly string[], separator = ' '): string {
  const trimmed = base.trim().slice(0, TEMPLATE_NAME_MAX) || 'Report'
  if (!taken.some((name) => sameName(name, trimmed))) return trimmed
  for (let n = 2; ; n++) {
    const suffix = `${separator}${n}`
    const candidate = `${trimmed.slice(0, TEMPLATE_NAME_MAX - suffix.length)}${suffix}`
    if (!taken.some((name) => sameName(name, candidate))) return candidate
  }
}

const COPY_SUFFIX = / \(copy(?: \d+)?\)$/

/** The name of a copy: "Name (copy)", then "Name (copy 2)"…; a copy of a copy is one more. */
export function copyName(name: string, taken: readonly string[]): string {
  const base = name.replace(COPY_SUFFIX, '')
  const first = `${base.slice(0, TEMPLATE_NAME_MAX - ' (copy)'.length)} (copy)`
  if (!taken.some((other) => sameName(other, first))) return first
  for (let n = 2; ; n++) {
    const suffix = ` (copy ${n})`
    const candidate = `${base.slice(0, TEMPLATE_NAME_MAX - suffix.length)}${suffix}`
    if (!taken.some((other) => sameName(other, candidate))) return candidate
  }
}

/** Input names that hold a day, written DD.MM.YYYY (the gateway's format). */
export const isDateParameter = (name: string) => /date|day/i.test(name)

export const DOTTED_DAY = /^(\d{2})\.(\d{2})\.(\d{4})$/

/** A day as the gateway writes it: DD.MM.YYYY. */
export function dottedDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`
}
