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
