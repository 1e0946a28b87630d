import type { Explained } from '../../../preload/contract/explained'

/** The part of vue-i18n's composer that words main's messages. */
export interface Wording {
  t: (key: string, params: Record<string, unknown>, plural?: number) => string
  te: (key: string, locale: string) => boolean
}

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
  // A message wrapping another (an update whose connection failed) words the inner one first.
  const inner = params['detailCode']
  if (typeof inner === 'string' && known(`main.${inner}`)) {
    params['detail'] = wording.t(`main.${inner}`, params)
  }
  // What a parameter's value must look like ("a month number from 1 to 12") is worded per parameter.
  const parameter = params['parameter']
  const expects = `main.expects.${String(parameter)}`
  if (typeof parameter === 'string' && known(expects)) params['expects'] = wording.t(expects, {})
  // A count named n picks the plural form ("1 field" / "2 fields", «1 поле» / «5 полей»).
  const n = params['n']
  return typeof n === 'number' ? wording.t(key, params, n) : wording.t(key, params)
}
