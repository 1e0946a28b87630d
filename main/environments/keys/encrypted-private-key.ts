import { createCipheriv, createPrivateKey, pbkdf2, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import forge from 'node-forge'

/**
 * PBKDF2-HMAC-SHA256 iterations for a backup's passphrase: OWASP's current figure. Node's and
 * OpenSSL's own PKCS#8 encryption uses 2,048, which a stolen backup file cannot afford.
 */
export const BACKUP_PBKDF2_ITERATIONS = 600_000

const { asn1 } = forge
const sequence = (...items: forge.asn1.Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items)
const oid = (id: string) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes())
const octets = (bytes: Buffer) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'))
const integer = (value: number) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes())
const nothing = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')

/**
 * The private key as a PKCS#8 EncryptedPrivateKeyInfo PEM (RFC 8018 PBES2: PBKDF2-HMAC-SHA256
 * with BACKUP_PBKDF2_ITERATIONS, AES-256-CBC), which OpenSSL and GateDesk's import open. Built
 * here because node:crypto's export does not let the iteration count be chosen.
 */
export async function encryptPrivateKey(
  privateKeyPem: string,
  passphrase: string,
): Promise<string> {
  const plain = createPrivateKey(privateKeyPem).export({ type: 'pkcs8', format: 'der' })
  const salt = randomBytes(16)
  const iv = randomBytes(16)
  const key = await promisify(pbkdf2)(passphrase, salt, BACKUP_PBKDF2_ITERATIONS, 32, 'sha256')
  const cipher = createCipheriv('aes-256-cbc', key, iv)
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()])
  plain.fill(0)
  key.fill(0)
  const info = sequence(
    sequence(
      oid(forge.pki.oids['pkcs5PBES2']!),
      sequence(
        sequence(
          oid(forge.pki.oids['pkcs5PBKDF2']!),
          sequence(
            octets(salt),
            integer(BACKUP_PBKDF2_ITERATIONS),
            sequence(oid(forge.pki.oids['hmacWithSHA256']!), nothing()),
          ),
        ),
        sequence(oid(forge.pki.oids['aes256-CBC']!), octets(iv)),
      ),
    ),
    octets(encrypted),
  )
  const der = Buffer.from(asn1.toDer(info).getBytes(), 'binary')
  const lines = der.toString('base64').match(/.{1,64}/g)!
  return `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${lines.join('\n')}\n-----END ENCRYPTED PRIVATE KEY-----\n`
}
