import type { Parameter } from '../platform/privacy/parameter'
import { redactText } from '../platform/privacy/redaction'
import { UsageError } from './cli-io'

export function requiredOption(value: string | undefined, option: string): string {
  if (value === undefined || value === '') throw new UsageError(`${option} is required`)
  return value
}

/** `--param name=value` options as parameters, unencoded and in the order given. */
export function paramOptions(params: readonly string[]): Parameter[] {
  return params.map((param) => {
    const eq = param.indexOf('=')
    // Quoted with any card number masked: a value given without its name may be one.
    if (eq <= 0) throw new UsageError(`--param "${redactText(param)}" must look like name=value`)
    return [param.slice(0, eq), param.slice(eq + 1)]
  })
}
