import type { z } from 'zod'
import type { MessageParams } from './explained'
import { REPORT_FILTER_NAMES, reportRequestSchema, type ReportRequest } from './report-request'
import { inputText, outputText } from './text'

/**
 * The rules of report templates that main and the window share: names, where a problem in a
 * request is, and where a JSON text stops parsing.
 */

export const TEMPLATE_NAME_MAX = 120
/** The largest template file GateDesk imports or writes (the request JSON of spec §2.1). */
export const TEMPLATE_FILE_MAX_BYTES = 4 * 1024 * 1024

export const templateIdSchema = inputText(36).regex(/^[0-9a-f-]{36}$/, 'not a template id')

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

export type JsonText =
  | { ok: true; value: unknown }
  | {
      ok: false
      message: string
      /** `report.json.<why>`, with the place and what was found, for the window to word it. */
      messageCode: string
      params: MessageParams
      line: number
      column: number
    }

/** Parses JSON text; when it does not parse, says why and where (1-based line and column). */
export function parseJsonText(text: string): JsonText {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    const { offset, reason, code, params } = jsonSyntaxError(text)
    const before = text.slice(0, offset)
    const line = before.split('\n').length
    const column = offset - before.lastIndexOf('\n')
    return {
      ok: false,
      message: `${reason} (line ${line}, column ${column})`,
      messageCode: `report.json.${code}`,
      params: { ...params, line, column },
      line,
      column,
    }
  }
}

/** Why JSON text does not parse: English words, and their code under report.json. */
interface JsonSyntaxError {
  offset: number
  reason: string
  code: string
  params: MessageParams
}

/** What the scanner wanted where it stopped, by the code of its message. */
const EXPECTED = {
  'expected-name': 'a property name in double quotes',
  'expected-colon': "':' after the property name",
  'expected-comma-brace': "',' or '}'",
  'expected-comma-bracket': "',' or ']'",
  'expected-value': 'a value (text in double quotes, a number, true, false, null, [ or {)',
} as const

/**
 * Where and why JSON text does not parse. Engines word (and place) JSON.parse errors their own
 * way, and some name no position at all, so this small strict scanner finds the place itself.
 */
function jsonSyntaxError(text: string): JsonSyntaxError {
  let at = 0
  class Stop {
    constructor(
      readonly reason: string,
      readonly code: string,
      readonly params: MessageParams = {},
      readonly offset = at,
    ) {}
  }
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++
  }
  // The character found, quoted; `end` (worded under report.values.found) at the end of the text.
  const found = () => (at < text.length ? `'${text[at]}'` : 'end')
  const foundText = () => (at < text.length ? found() : 'the end of the text')
  const expect = (code: keyof typeof EXPECTED): never => {
    throw new Stop(`Expected ${EXPECTED[code]} but found ${foundText()}`, code, { found: found() })
  }
  const string = () => {
    at++ // the opening quote
    for (;;) {
      if (at >= text.length) {
        throw new Stop('A string is not closed: add the closing "', 'unclosed-string')
      }
      const char = text[at]!
      if (char === '"') return void at++
      if (char === '\\') {
        const escape = text[at + 1] ?? ''
        if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6
        else if ('"\\/bfnrt'.includes(escape) && escape !== '') at += 2
        else
          throw new Stop(
            'A backslash in a string starts an escape that JSON does not have',
            'bad-escape',
            {},
            at + 1,
          )
      } else if (char < ' ') {
        throw new Stop(
          'A line break or control character inside a string: write it as \\n',
          'control-character',
        )
      } else at++
    }
  }
  const value = (): void => {
    space()
    const char = text[at]
    if (char === '{') {
      at++
      space()
      if (text[at] === '}') return void at++
      for (;;) {
        space()
        if (text[at] !== '"') expect('expected-name')
        string()
        space()
        if (text[at] !== ':') expect('expected-colon')
        at++
        value()
        space()
        if (text[at] === ',') {
          at++
          space()
          if (text[at] === '}')
            throw new Stop("A comma before '}': remove it", 'comma-before-brace')
          continue
        }
        if (text[at] === '}') return void at++
        expect('expected-comma-brace')
      }
    }
    if (char === '[') {
      at++
      space()
      if (text[at] === ']') return void at++
      for (;;) {
        value()
        space()
        if (text[at] === ',') {
          at++
          space()
          if (text[at] === ']') {
            throw new Stop("A comma before ']': remove it", 'comma-before-bracket')
          }
          continue
        }
        if (text[at] === ']') return void at++
        expect('expected-comma-bracket')
      }
    }
    if (char === '"') return string()
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(at, at + 400),
    )
    if (!literal) return expect('expected-value')
    at += literal[0].length
  }
  try {
    value()
    space()
    if (at < text.length) {
      throw new Stop(`Unexpected ${found()} after the end of the JSON`, 'after-end', {
        found: found(),
      })
    }
    return { offset: text.length, reason: 'Not JSON', code: 'not-json', params: {} }
  } catch (error) {
    if (error instanceof Stop) return error
    // Nested too deep for the scanner: say so at the start.
    return { offset: 0, reason: 'Not JSON (nested too deeply)', code: 'too-deep', params: {} }
  }
}

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
