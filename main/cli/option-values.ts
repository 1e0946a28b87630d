import type { Parameter } from '../platform/privacy/parameter'
import { redactText } from '../platform/privacy/redaction'
import { UsageError } from './cli-io'
import { cliText } from './cli-words'

export function requiredOption(value: string | undefined, option: string): string {
  if (value === undefined || value === '')
    throw new UsageError(cliText('cli.wrong.required', { option }))
  return value
}

/** `--param name=value` options as parameters, unencoded and in the order given. */
export function paramOptions(params: readonly string[]): Parameter[] {
  return params.map((param) => {
    const eq = param.indexOf('=')
    // Quoted with any card number masked: a value given without its name may be one.
    if (eq <= 0) throw new UsageError(cliText('cli.wrong.name-value', { param: redactText(param) }))
    return [param.slice(0, eq), param.slice(eq + 1)]
  })
}

interface WholeRange {
  min: number
  max: number
}

/**
 * A whole number written in digits, from `min` to `max` (`fallback` when the option is not
 * given); anything else is a usage error naming the option and its range.
 */
export function wholeNumberOption(text: string, option: string, range: WholeRange): number
export function wholeNumberOption(
  text: string | undefined,
  option: string,
  range: WholeRange & { fallback: number },
): number
export function wholeNumberOption(
  text: string | undefined,
  option: string,
  { min, max, fallback }: WholeRange & { fallback?: number },
): number {
  if (text === undefined) return fallback!
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(cliText('cli.wrong.whole-number', { option, min, max, value: text }))
  }
  return value
}

/** A usage error for an option given a value it does not take: "must be A, B or C, not …". */
export function notOneOf(option: string, value: string, allowed: readonly string[]): UsageError {
  return new UsageError(
    cliText('cli.wrong.one-of', {
      option,
      value,
      choices: allowed.slice(0, -1).join(', '),
      last: allowed.at(-1)!,
    }),
  )
}
