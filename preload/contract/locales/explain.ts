import type { Explained } from '../platform/explained'
import type { MessageSchema } from './en'
import { byteSize, duration, sizeLimit, timeLimit, type UnitWording } from './unit-wording'

/** The dotted paths to the texts of a catalog subtree: "ipc.failed-inside", "bulk.file.too-large". */
export type TextPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextPaths<T[K]>}`
}[keyof T & string]

/** A code main words a message by: a text under main.* in the catalog, so a typo fails to compile. */
export type MessageCode = TextPaths<MessageSchema['main']>

/** The part of vue-i18n's composer (or main's catalogWording) that words main's messages. */
export interface Wording extends UnitWording {
  te: (key: string, locale: string) => boolean
}

/**
 * Params main sends as numbers that the window writes as sizes and durations in its language,
 * by name: bytes as main's formatByteSize, limits as its formatSizeLimit and formatTimeLimit.
 */
const UNIT_PARAMS = {
  sizeBytes: byteSize,
  durationMs: duration,
  limitBytes: sizeLimit,
  limitMs: timeLimit,
} as const

/** Params whose value is a word the screens already have: worded from there. */
const SHARED_WORDS: Partial<Record<string, (value: string) => string>> = {
  outcome: (value) => `common.outcomeLabels.${value}`,
}

/** Params carrying an inner message's code, and the param its wording goes in, innermost first. */
const INNER_MESSAGES = [
  // Where a key came from, inside what is wrong with it (key.private.*).
  ['sourceCode', 'source'],
  ['reasonCode', 'reason'],
  ['detailCode', 'detail'],
  ['summaryCode', 'summary'],
] as const

/**
 * A message from main in the window's language: the locale's text for its `messageCode`
 * (under main.*), filled with its params, or main's English `message` for a code the locale
 * does not know. Call it when rendering, so it follows a language switch.
 */
export function explainWith(wording: Wording, explained: Explained): string {
  const known = (key: string) => wording.te(key, 'en')
  const key = explained.messageCode && `main.${explained.messageCode}`
  if (!key || !known(key)) return explained.message
  const params: Record<string, unknown> = { ...explained.params }
  for (const [name, format] of Object.entries(UNIT_PARAMS)) {
    const value = params[name]
    if (typeof value === 'number') params[name] = format(wording, value)
  }
  // A value named by a word (the kind a field wants: "number") is worded under main.<area>.values,
  // or where the screens word it (a request outcome), before any inner message uses it.
  const values = `main.${explained.messageCode!.split('.')[0]}.values`
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue
    const word = [`${values}.${name}.${value}`, SHARED_WORDS[name]?.(value)].find(
      (candidate) => candidate && known(candidate),
    )
    if (word) params[name] = wording.t(word, {})
  }
  // A message wrapping another (an update whose connection failed; History's record of a report
  // run) words the inner one first, innermost first.
  for (const [codeParam, textParam] of INNER_MESSAGES) {
    const inner = params[codeParam]
    if (typeof inner === 'string' && known(`main.${inner}`)) {
      params[textParam] = wording.t(`main.${inner}`, params)
    }
  }
  // What a parameter's value must look like ("a month number from 1 to 12") is worded per parameter.
  const parameter = params['parameter']
  const expects = `main.expects.${String(parameter)}`
  if (typeof parameter === 'string' && known(expects)) params['expects'] = wording.t(expects, {})
  // A count named n picks the plural form ("1 field" / "2 fields", «1 поле» / «5 полей»).
  const n = params['n']
  return typeof n === 'number' ? wording.t(key, params, n) : wording.t(key, params)
}
