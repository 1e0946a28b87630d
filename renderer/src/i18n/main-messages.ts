import type { Explained } from '../../../preload/contract/explained'
import {
  byteSize,
  duration,
  sizeLimit,
  timeLimit,
  type UnitWording,
} from '../format/readable-units'

/** The part of vue-i18n's composer that words main's messages. */
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
  // A value named by a word (the kind a field wants: "number") is worded under main.<area>.values
  // (before an inner message, which may name one too).
  const values = `main.${explained.messageCode!.split('.')[0]}.values`
  for (const [name, value] of Object.entries(params)) {
    const word = `${values}.${name}.${String(value)}`
    if (typeof value === 'string' && known(word)) params[name] = wording.t(word, {})
  }
  // A message wrapping another (an update whose connection failed) words the inner one first.
  const inner = params['detailCode']
  if (typeof inner === 'string' && known(`main.${inner}`)) {
    params['detail'] = wording.t(`main.${inner}`, params)
  }
  // A request outcome is worded as the screens word it (in English, its own name).
  const outcome = params['outcome']
  if (typeof outcome === 'string' && known(`common.outcomes.${outcome}`)) {
    params['outcome'] = wording.t(`common.outcomes.${outcome}`, {})
  }
  // A record of an outcome (History's entry for a report run) words that outcome next.
  const summary = params['summaryCode']
  if (typeof summary === 'string' && known(`main.${summary}`)) {
    params['summary'] = wording.t(`main.${summary}`, params)
  }
  // What a parameter's value must look like ("a month number from 1 to 12") is worded per parameter.
  const parameter = params['parameter']
  const expects = `main.expects.${String(parameter)}`
  if (typeof parameter === 'string' && known(expects)) params['expects'] = wording.t(expects, {})
  // A count named n picks the plural form ("1 field" / "2 fields", «1 поле» / «5 полей»).
  const n = params['n']
  return typeof n === 'number' ? wording.t(key, params, n) : wording.t(key, params)
}
