import { X509Certificate } from 'node:crypto'
import type { z } from 'zod'
import { english } from '../platform/i18n/english'
import { EnvironmentError } from './environment-error'

/** Parses service input with its contract schema; the error lists every field at fault. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }))
  const message = issues.map((i) => i.message).join('\n')
  throw new EnvironmentError('invalid-input', { message }, issues)
}

/** The contract checks the PEM's shape; this checks that each certificate in it really parses. */
export function checkCertificates(pem: string | null | undefined): void {
  if (!pem) return
  for (const block of pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ??
    []) {
    try {
      new X509Certificate(block)
    } catch (error) {
      const params = { reason: (error as Error).message }
      const message = english('environments.extra-ca-unreadable', params)
      throw new EnvironmentError(
        'invalid-input',
        { message, messageCode: 'environments.extra-ca-unreadable', params },
        [{ path: 'extraCaPem', message }],
      )
    }
  }
}
