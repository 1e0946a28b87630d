import { isIP } from 'node:net'
import type pg from 'pg'

/** Where this desk finds its team's PostgreSQL server; the password is in the OS keychain. */
export interface TeamConnection {
  host: string
  port: number
  database: string
  user: string
  /** A CA file to trust the server by (PEM), as an environment may have; else the system's. */
  caFile: string | null
}

/** How long a connection attempt may take before the server counts as unreachable. */
export const CONNECT_TIMEOUT_MS = 10_000

/**
 * The client options for the team server: TLS always, the certificate verified against the CA
 * and the host name (libpq's `verify-full`), the password from the keychain, never a file.
 */
export function clientConfig(
  connection: TeamConnection,
  password: string,
  caPem: string | null,
): pg.ClientConfig {
  return {
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.user,
    password,
    ssl: {
      rejectUnauthorized: true,
      ...(caPem !== null && { ca: caPem }),
      // Node checks the certificate's names against this (an IP address is checked as itself).
      ...(isIP(connection.host) === 0 && { servername: connection.host }),
    },
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'GateDesk',
  }
}
