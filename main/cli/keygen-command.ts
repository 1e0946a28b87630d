import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { rsaKeySizeSchema } from '../../preload/contract/environment'
import { generateRsaKeyPair } from '../secrets/rsa-key-generation'
import { CliFailure, parseOptions, UsageError, type CliIo } from './cli-io'

export const keygenUsage = `Usage: gatedesk keygen --out DIR [--bits 4096|2048]

Generates an RSA key pair for signing update-recurring-payment requests (spec §5.4), offline:
  DIR/private.pem  the private key: unencrypted PKCS#1 PEM, readable by you alone (mode 0600)
  DIR/public.pem   the public key: send it to your support manager
and prints the public key's SHA-256 fingerprint, so you and support can confirm by phone that
support has this key. Use separate key pairs for production and for integration.

  --out DIR   folder for the two files (created if missing); existing key files are never replaced
  --bits N    key size: 4096 (default) or 2048

Support can compute the same fingerprint with:
  openssl pkey -pubin -in public.pem -outform DER | openssl dgst -sha256 -c`

const options = {
  out: { type: 'string' },
  bits: { type: 'string' },
  help: { type: 'boolean' },
} as const

function keySize(text: string | undefined): number {
  const parsed = rsaKeySizeSchema.safeParse(text === undefined ? undefined : Number(text))
  if (!parsed.success) throw new UsageError(`--bits must be 4096 or 2048, not "${text}"`)
  return parsed.data
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
  await writeNewFile(privateFile, pair.privateKeyPem, 0o600)
  try {
    await writeNewFile(publicFile, pair.publicKeyPem, 0o644)
  } catch (error) {
    // Half a pair is of no use: the private key just written goes too.
    await rm(privateFile, { force: true })
    throw error
  }
  io.stdout(
    [
      `Wrote ${privateFile} (RSA ${bits}-bit private key, PKCS#1 PEM, mode 0600): keep it secret.`,
      `Wrote ${publicFile}: send it to your support manager.`,
      `SHA-256 fingerprint: ${pair.fingerprint}`,
      '',
    ].join('\n'),
  )
  return 0
}
