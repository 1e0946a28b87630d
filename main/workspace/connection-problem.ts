import { explainedError } from '../platform/i18n/english'
import type { TeamConnection } from './team-connection'
import { CONNECT_TIMEOUT_MS } from './team-connection'

// Node's codes for a certificate that does not verify (chain, dates, names).
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

interface ErrorLike {
  code?: unknown
  message?: unknown
}

const detailOf = (error: ErrorLike) => String(error.message ?? error)

/**
 * What went wrong talking to the team server, as an error that says which step failed and what
 * to do: the name (DNS), the port (refused, unreachable), TLS, the login, the database or the
 * rights to it. Anything else keeps the server's own words.
 */
export function connectionProblem(connection: TeamConnection, error: unknown) {
  const { host, port, user, database } = connection
  const failure = (error ?? {}) as ErrorLike
  const code = typeof failure.code === 'string' ? failure.code : ''
  const detail = detailOf(failure)
  const at = { host, port: String(port) }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return explainedError('workspace.check.dns', { host })
  if (code === 'ECONNREFUSED') return explainedError('workspace.check.refused', at)
  if (code === 'ETIMEDOUT' || /timeout/i.test(detail))
    return explainedError('workspace.check.unreachable', { ...at, limitMs: CONNECT_TIMEOUT_MS })
  if (/does not support SSL/i.test(detail))
    return explainedError('workspace.check.tls-unsupported', at)
  if (TLS_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL'))
    return explainedError('workspace.check.tls', { ...at, detail })
  // SQLSTATE classes: 28 the login, 3D the database's name, 42501 a right.
  if (code === '28P01' || code === '28000')
    return explainedError('workspace.check.auth', { user, detail })
  if (code === '3D000') return explainedError('workspace.check.database', { database })
  if (code === '42501')
    return explainedError('workspace.check.permissions', { user, database, detail })
  return explainedError('workspace.check.other', { detail })
}
