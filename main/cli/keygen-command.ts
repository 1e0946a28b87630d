import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  BACKUP_PASSPHRASE_MIN_LENGTH,
  backupPassphraseSchema,
  rsaKeySizeSchema,
} from '../../preload/contract/environments/environment'
import { BACKUP_PBKDF2_ITERATIONS, encryptPrivateKey, generateRsaKeyPair } from '../environments'
import {
  CliFailure,
  parseOptions,
  readOptionInput,
  secretFromFile,
  UsageError,
  type CliIo,
} from './cli-io'

const iterations = BACKUP_PBKDF2_ITERATIONS.toLocaleString('en-US')

export const keygenUsage = `Usage: gatedesk keygen --out DIR [--bits 4096|2048] [--passphrase-file FILE]

Generates an RSA key pair for signing update-recurring-payment requests (spec §5.4), offline:
  DIR/private.pem  the private key, readable by you alone (mode 0600): encrypted with your
                   passphrase given --passphrase-file, else unencrypted (a warning says so)
  DIR/public.pem   the public key: send it to your support manager
and prints the public key's SHA-256 fingerprint, so you and support can confirm by phone that
support has this key. Use separate key pairs for production and for integration.

  --out DIR              folder for the two files (created if missing); existing key files are
                         never replaced
  --bits N               key size: 4096 (default) or 2048
  --passphrase-file FILE the passphrase (one trailing newline is ignored; - reads standard
                         input), at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters: private.pem is then an encrypted PKCS#8
                         PEM (AES-256-CBC, PBKDF2-HMAC-SHA256 with ${iterations} iterations, as
                         the app's key backups), which the app's key import and openssl open

Support can compute the same fingerprint with:
  openssl pkey -pubin -in public.pem -outform DER | openssl dgst -sha256 -c`

const options = {
  out: { type: 'string' },
  bits: { type: 'string' },
  'passphrase-file': { type: 'string' },
  help: { type: 'boolean' },
} as const

function keySize(text: string | undefined): number {
  const parsed = rsaKeySizeSchema.safeParse(text === undefined ? undefined : Number(text))
  if (!parsed.success) throw new UsageError(`--bits must be 4096 or 2048, not "${text}"`)
  return parsed.data
}

/** The passphrase of a --passphrase-file, checked as the app checks a backup's. */
async function readPassphrase(path: string): Promise<string> {
  const passphrase = secretFromFile(await readOptionInput(path, '--passphrase-file'))
  const checked = backupPassphraseSchema.safeParse(passphrase)
  if (!checked.success) {
    throw new CliFailure(`--passphrase-file ${path}: ${checked.error.issues[0]!.message}`)
  }
  return checked.data
}

const alreadyThere = (file: string) =>
  new CliFailure(
    `${file} already exists: GateDesk never replaces a key file. Choose another --out folder, or move the old keys away first.`,
  )

/** Creates the file; 'wx' refuses one that appeared since the check before generation. */
async function writeNewFile(file: string, content: string, mode: number): Promise<void> {
  try {
    await writeFile(file, content, { mode, flag: 'wx' })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw alreadyThere(file)
    throw new CliFailure(`cannot write ${file} (${code ?? (error as Error).message})`)
  }
}

export async function keygenCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  if (values.help) {
    io.stdout(`${keygenUsage}\n`)
    return 0
  }
  if (!values.out) throw new UsageError('--out DIR is required: the folder for the key files')
  const bits = keySize(values.bits)
  const passphraseFile = values['passphrase-file']
  // Read before the seconds generation takes, so that a bad passphrase costs nothing.
  const passphrase = passphraseFile === undefined ? null : await readPassphrase(passphraseFile)
  const privateFile = join(values.out, 'private.pem')
  const publicFile = join(values.out, 'public.pem')

  try {
    await mkdir(values.out, { recursive: true, mode: 0o700 })
  } catch (error) {
    throw new CliFailure(`cannot create the folder ${values.out} (${(error as Error).message})`)
  }
  // Checked before the seconds generation takes, not only after.
  for (const file of [privateFile, publicFile]) if (existsSync(file)) throw alreadyThere(file)
  const pair = await generateRsaKeyPair(bits)
  const privatePem =
    passphrase === null
      ? pair.privateKeyPem
      : await encryptPrivateKey(pair.privateKeyPem, passphrase)
  await writeNewFile(privateFile, privatePem, 0o600)
  try {
    await writeNewFile(publicFile, pair.publicKeyPem, 0o644)
  } catch (error) {
    // Half a pair is of no use: the private key just written goes too.
    await rm(privateFile, { force: true })
    throw error
  }
  if (passphrase === null) {
    io.stderr(
      `warning: ${privateFile} holds the private key unencrypted: anyone who can read the file can sign as you. Import it into GateDesk (which keeps it in the OS keychain) and delete the file, or generate the pair again with --passphrase-file.\n`,
    )
  }
  const format =
    passphrase === null ? 'unencrypted PKCS#1 PEM' : 'PKCS#8 PEM encrypted with your passphrase'
  io.stdout(
    [
      `Wrote ${privateFile} (RSA ${bits}-bit private key, ${format}, mode 0600): keep it secret.`,
      `Wrote ${publicFile}: send it to your support manager.`,
      `SHA-256 fingerprint: ${pair.fingerprint}`,
      '',
    ].join('\n'),
  )
  return 0
}
