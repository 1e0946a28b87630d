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
import { cliText, helpText, mainText, wordsFor } from './cli-words'
import { notOneOf } from './option-values'

const synopsis = 'gatedesk keygen --out DIR [--bits 4096|2048] [--passphrase-file FILE]'

const help = helpText(
  synopsis,
  cliText('cli.help.keygen', {
    minLength: BACKUP_PASSPHRASE_MIN_LENGTH,
    iterations: (wording) => BACKUP_PBKDF2_ITERATIONS.toLocaleString(wording.locale.value),
  }),
)

const options = {
  out: { type: 'string' },
  bits: { type: 'string' },
  'passphrase-file': { type: 'string' },
  help: { type: 'boolean' },
} as const

function keySize(text: string | undefined): number {
  const parsed = rsaKeySizeSchema.safeParse(text === undefined ? undefined : Number(text))
  if (!parsed.success) throw notOneOf('--bits', String(text), ['4096', '2048'])
  return parsed.data
}

/** The passphrase of a --passphrase-file, checked as the app checks a backup's. */
async function readPassphrase(path: string): Promise<string> {
  const passphrase = secretFromFile(await readOptionInput(path, '--passphrase-file'))
  const checked = backupPassphraseSchema.safeParse(passphrase)
  if (!checked.success) {
    const reason = mainText(checked.error.issues[0]!)
    throw new CliFailure(cliText('cli.keygen.passphrase', { path, reason }))
  }
  return checked.data
}

const alreadyThere = (file: string) => new CliFailure(cliText('cli.keygen.already-there', { file }))

/** Creates the file; 'wx' refuses one that appeared since the check before generation. */
async function writeNewFile(file: string, content: string, mode: number): Promise<void> {
  try {
    await writeFile(file, content, { mode, flag: 'wx' })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw alreadyThere(file)
    const reason = code ?? (error as Error).message
    throw new CliFailure(cliText('cli.keygen.cannot-write', { file, reason }))
  }
}

export async function keygenCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  const { say, word } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
    return 0
  }
  if (!values.out) throw new UsageError(cliText('cli.wrong.out-folder'))
  const bits = keySize(values.bits)
  const passphraseFile = values['passphrase-file']
  // Read before the seconds generation takes, so that a bad passphrase costs nothing.
  const passphrase = passphraseFile === undefined ? null : await readPassphrase(passphraseFile)
  const privateFile = join(values.out, 'private.pem')
  const publicFile = join(values.out, 'public.pem')

  try {
    await mkdir(values.out, { recursive: true, mode: 0o700 })
  } catch (error) {
    const reason = (error as Error).message
    throw new CliFailure(cliText('cli.keygen.cannot-create', { folder: values.out, reason }))
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
  if (passphrase === null) io.stderr(`${say('cli.keygen.unencrypted', { file: privateFile })}\n`)
  io.stdout(
    [
      say(passphrase === null ? 'cli.keygen.wrote-plain' : 'cli.keygen.wrote-encrypted', {
        file: privateFile,
        bits,
      }),
      say('cli.keygen.wrote-public', { file: publicFile }),
      say('cli.keygen.fingerprint', { fingerprint: pair.fingerprint }),
      '',
    ].join('\n'),
  )
  return 0
}
