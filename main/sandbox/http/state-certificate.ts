import { X509Certificate } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { writePrivateFile } from '../../platform/db/private-files'
import type { SandboxFiles } from '../stores/sandbox-state'
import { createLoopbackCertificate, type TlsCredentials } from './tls-certificate'

const CERTIFICATE_VALID_DAYS = 825
const RENEW_WITHIN_MS = 30 * 24 * 60 * 60 * 1000

/** The TLS certificate kept in the state dir, renewed when it is about to expire. */
export function loadOrCreateTlsCredentials(files: SandboxFiles, now: number): TlsCredentials {
  if (existsSync(files.tlsCertificate) && existsSync(files.tlsKey)) {
    const certPem = readFileSync(files.tlsCertificate, 'utf8')
    if (Date.parse(new X509Certificate(certPem).validTo) - now > RENEW_WITHIN_MS) {
      return { certPem, keyPem: readFileSync(files.tlsKey, 'utf8') }
    }
  }
  const credentials = createLoopbackCertificate({ validDays: CERTIFICATE_VALID_DAYS })
  writePrivateFile(files.tlsKey, credentials.keyPem)
  writePrivateFile(files.tlsCertificate, credentials.certPem)
  return credentials
}
