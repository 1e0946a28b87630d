import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import forge from 'node-forge'

export interface TlsCredentials {
  certPem: string
  keyPem: string
}

export interface LoopbackCertificateOptions {
  commonName?: string
  /** DNS names and IP addresses the certificate is valid for. */
  hostNames?: readonly string[]
  validDays?: number
}

const LOOPBACK_HOST_NAMES = ['localhost', '127.0.0.1', '::1']
const DAY_MS = 24 * 60 * 60 * 1000
// Tolerates a client clock slightly behind the one that issued the certificate.
const CLOCK_SKEW_MS = 5 * 60 * 1000

// subjectAltName GeneralName tags (RFC 5280 §4.2.1.6).
const DNS_NAME = 2
const IP_ADDRESS = 7

/**
 * A self-signed certificate that is its own CA, so a client can trust exactly this server by
 * passing `ca: certPem`, without trusting anything else.
 */
export function createLoopbackCertificate(
  options: LoopbackCertificateOptions = {},
): TlsCredentials {
  const hostNames = options.hostNames ?? LOOPBACK_HOST_NAMES
  const validDays = options.validDays ?? 30
  const subject = [{ name: 'commonName', value: options.commonName ?? 'GateDesk loopback sandbox' }]

  // node:crypto generates the key natively; forge's pure-JS generator takes seconds.
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })

  const certificate = forge.pki.createCertificate()
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey)
  certificate.serialNumber = randomSerialNumber()
  const now = Date.now()
  certificate.validity.notBefore = new Date(now - CLOCK_SKEW_MS)
  certificate.validity.notAfter = new Date(now + validDays * DAY_MS)
  certificate.setSubject(subject)
  certificate.setIssuer(subject)
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    {
      name: 'keyUsage',
      digitalSignature: true,
      keyEncipherment: true,
      keyCertSign: true,
      critical: true,
    },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: hostNames.map(toAltName) },
    { name: 'subjectKeyIdentifier' },
  ])
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create())

  return { certPem: forge.pki.certificateToPem(certificate), keyPem: privateKey }
}

function toAltName(hostName: string): { type: number; value?: string; ip?: string } {
  return isIP(hostName) === 0
    ? { type: DNS_NAME, value: hostName }
    : { type: IP_ADDRESS, ip: hostName }
}

/** 128 random bits as a positive DER INTEGER: high bit clear, and non-zero so it stays minimal. */
function randomSerialNumber(): string {
  const serial = randomBytes(16)
  serial[0] = (serial[0]! & 0x7f) | 0x40
  return serial.toString('hex')
}
