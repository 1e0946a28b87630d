import { z } from 'zod'

/**
 * Environments and their keys, as the Keys & environments screen sends and sees them. The
 * renderer only ever receives names, public keys, fingerprints and present/absent: no schema
 * or type here carries a secret back to it.
 */

export const ENVIRONMENT_KINDS = ['sandbox', 'integration', 'production'] as const
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number]

/** The spec's paths (§4.1, §4.2); white-label deployments use others, e.g. /paynet/api/v4/…. */
export const DEFAULT_UPDATE_RECURRING_PATH = '/gw/api/v4/update-recurring-payment/{endpoint_id}'
export const DEFAULT_REPORT_PATH = '/gw-ui/services/v2/rpt-engine'

export const RSA_KEY_SIZES = [2048, 4096] as const
export type RsaKeySize = (typeof RSA_KEY_SIZES)[number]
export const DEFAULT_RSA_KEY_SIZE: RsaKeySize = 4096

export const BACKUP_PASSPHRASE_MIN_LENGTH = 12
export const BACKUP_PASSPHRASE_MAX_LENGTH = 1024

/**
 * A refinement's English message with its code and values, so the window can word it in its own
 * language (see ./explained.ts); zod keeps `params` on custom issues.
 */
const coded = (message: string, messageCode: string, params: Record<string, string> = {}) => ({
  message,
  params: { messageCode, ...params },
})

const TRIMMED = /^\S(.*\S)?$/s
const CONTROL_CHARACTERS = /\p{Cc}/u

/** A required one-line text field with a bounded length. */
function textField(field: string, max: number, hint: string) {
  return z
    .string({ error: `${field} is required: ${hint}` })
    .min(1, `${field} is required: ${hint}`)
    .max(max, `${field} is too long: at most ${max} characters`)
    .refine(
      (value) => value === '' || TRIMMED.test(value),
      coded(`${field} must not start or end with spaces`, 'environment.untrimmed', { field }),
    )
    .refine(
      (value) => !CONTROL_CHARACTERS.test(value),
      coded(`${field} must be a single line of text`, 'environment.multiline', { field }),
    )
}

function httpsUrl(text: string): URL | null {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

const baseUrlField = z
  .string({ error: 'Base URL is required, e.g. https://gate.example.com' })
  .max(2048, 'Base URL is too long: at most 2048 characters')
  .refine(
    (value) => httpsUrl(value) !== null,
    coded(
      'Base URL must be a full https:// address, e.g. https://gate.example.com (GateDesk never sends requests without TLS)',
      'environment.base-url-https',
    ),
  )
  .refine(
    (value) => {
      const url = httpsUrl(value)
      return url === null || (url.search === '' && url.hash === '' && url.username === '')
    },
    coded(
      'Base URL must not contain a query (?…), a fragment (#…) or a user name: give only the address the operation paths are appended to',
      'environment.base-url-plain',
    ),
  )

function pathField(field: string, example: string) {
  return z
    .string()
    .max(256, `${field} is too long: at most 256 characters`)
    .refine(
      (value) => value.startsWith('/') && !/[\s?#]/.test(value),
      coded(
        `${field} must start with "/" and hold no spaces, "?" or "#", e.g. ${example}`,
        'environment.path-format',
        { field, example },
      ),
    )
}

const PEM_CERTIFICATE =
  /^\s*(-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----\s*)+$/

const extraCaPemField = z
  .string()
  .max(65_536, 'Extra CA certificate is too long: at most 64 KiB of PEM')
  .refine(
    (value) => PEM_CERTIFICATE.test(value),
    coded(
      'Extra CA certificate must be a PEM certificate ("-----BEGIN CERTIFICATE-----" … "-----END CERTIFICATE-----"): paste the CA certificate your gateway operator gave you, or leave it empty',
      'environment.extra-ca-pem',
    ),
  )
  .nullable()

const userKindField = z.enum(['integration', 'production'], {
  error:
    'Kind must be "integration" or "production" (the built-in Sandbox is the only sandbox environment)',
})

// No defaults here: a change that leaves a field out must not reset it.
const environmentFields = {
  name: textField('Name', 64, 'e.g. "Production" or "Integration (white label)"'),
  kind: userKindField,
  baseUrl: baseUrlField,
  endpointId: textField('Endpoint ID', 128, 'the endpoint identifier the gateway gave you'),
  merchantLogin: textField('Merchant login', 128, 'the login the gateway gave you'),
  updateRecurringPath: pathField(
    'Update-recurring-payment path',
    DEFAULT_UPDATE_RECURRING_PATH,
  ).refine(
    (value) => value.includes('{endpoint_id}'),
    coded(
      `Update-recurring-payment path must contain {endpoint_id}, where the endpoint ID goes, e.g. ${DEFAULT_UPDATE_RECURRING_PATH}`,
      'environment.path-endpoint-id',
      { example: DEFAULT_UPDATE_RECURRING_PATH },
    ),
  ),
  reportPath: pathField('Report path', DEFAULT_REPORT_PATH),
  oauthInBody: z.boolean({ error: 'oauthInBody must be true or false' }),
  extraCaPem: extraCaPemField,
}

/** A new integration or production environment; paths default to the spec's. */
export const environmentInputSchema = z.strictObject({
  ...environmentFields,
  updateRecurringPath: environmentFields.updateRecurringPath.default(DEFAULT_UPDATE_RECURRING_PATH),
  reportPath: environmentFields.reportPath.default(DEFAULT_REPORT_PATH),
  oauthInBody: environmentFields.oauthInBody.default(true),
  extraCaPem: environmentFields.extraCaPem.default(null),
})
export type EnvironmentInput = z.input<typeof environmentInputSchema>
export type ValidEnvironmentInput = z.output<typeof environmentInputSchema>

/** Changes to an environment: only the fields given change. */
export const environmentChangesSchema = z.strictObject(environmentFields).partial()
export type EnvironmentChanges = z.input<typeof environmentChangesSchema>
export type ValidEnvironmentChanges = z.output<typeof environmentChangesSchema>

export const environmentIdSchema = z
  .string()
  .max(36, 'This is not an environment ID; pick the environment from the list')
  .regex(/^[0-9a-f-]{36}$/, 'This is not an environment ID; pick the environment from the list')

/** The merchant control key as pasted; surrounding spaces and line breaks come from copying. */
export const controlKeySchema = z
  .string()
  .max(1024, 'The control key is too long: at most 1024 characters; paste only the key')
  .transform((value) => value.trim())
  .refine(
    (value) => value.length > 0,
    'The control key is empty: paste the key the gateway gave you',
  )
  .refine(
    (value) => !CONTROL_CHARACTERS.test(value),
    'The control key must be a single line: paste only the key',
  )

export const rsaKeySizeSchema = z
  .literal(RSA_KEY_SIZES, { error: 'Key size must be 4096 (recommended) or 2048 bits' })
  .default(DEFAULT_RSA_KEY_SIZE)

const PEM_MAX = 32_768

/** An existing private key to import, with its passphrase when it has one. */
export const keyImportSchema = z.strictObject({
  privateKeyPem: z
    .string()
    .min(1, 'Paste or choose the private key (PEM)')
    .max(PEM_MAX, 'This is too long to be one RSA private key in PEM'),
  passphrase: z
    .string()
    .max(1024, 'The passphrase is too long: at most 1024 characters')
    .optional(),
  /** The public key support already has, to check that it belongs to this private key. */
  publicKeyPem: z
    .string()
    .max(PEM_MAX, 'This is too long to be one RSA public key in PEM')
    .optional(),
})
export type KeyImport = z.input<typeof keyImportSchema>

export const backupPassphraseSchema = z
  .string()
  .min(
    BACKUP_PASSPHRASE_MIN_LENGTH,
    `The backup passphrase must have at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters: anyone with the file and the passphrase can sign as you`,
  )
  .max(
    BACKUP_PASSPHRASE_MAX_LENGTH,
    `The backup passphrase is too long: at most ${BACKUP_PASSPHRASE_MAX_LENGTH} characters`,
  )

/** An environment as the screen shows it: settings, the public key and its fingerprint. */
export interface EnvironmentView {
  id: string
  name: string
  kind: EnvironmentKind
  /** True for the built-in Sandbox, whose connection GateDesk sets itself. */
  builtIn: boolean
  /** null for the Sandbox until it has started. */
  baseUrl: string | null
  endpointId: string
  merchantLogin: string
  updateRecurringPath: string
  reportPath: string
  oauthInBody: boolean
  extraCaPem: string | null
  rsaPublicKey: RsaPublicKeyView | null
  createdAt: string
  updatedAt: string
}

export interface RsaPublicKeyView {
  /** SubjectPublicKeyInfo PEM ("-----BEGIN PUBLIC KEY-----"), the file support asks for. */
  publicKeyPem: string
  /** SHA-256 of the DER SubjectPublicKeyInfo, colon-separated uppercase hex. */
  fingerprint: string
  bits: number
}

/**
 * present: in the keychain. absent: never saved. missing: GateDesk saved it, but the keychain
 * no longer has it (removed outside GateDesk, or another keyring): enter or import it again.
 */
export type SecretPresence = 'present' | 'absent' | 'missing'

export interface SecretStatus {
  controlKey: SecretPresence
  rsaKey: SecretPresence
  /** The fingerprint of the RSA key, when one was saved. */
  fingerprint: string | null
}
