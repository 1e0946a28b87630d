import { text } from 'node:stream/consumers'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import type { Explained } from '../../preload/contract/platform/explained'
import type { CatalogLanguage } from '../platform/i18n/catalog-wording'
import { NotRegularFileError, readRegularFile } from '../platform/csv/regular-file'
import { cliText, inEnglish, mainText, type CliText } from './cli-words'

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** The terminal's language (terminalLanguage()); English when not given, as in tests. */
  language?: CatalogLanguage
  /** Standard error is a terminal: progress that rewrites its line is shown there. */
  stderrIsTerminal?: boolean
}

/** A failure worded when it is printed, in the terminal's language; its message is English. */
export class CliError extends Error {
  constructor(readonly text: CliText) {
    super(inEnglish(text))
  }
}

/** A mistake in how a command was called: exit code 2, with a hint to the command's help. */
export class UsageError extends CliError {}

/** A failure the user can fix (a bad file, a bad key): exit code 1, message only. */
export class CliFailure extends CliError {
  /** One of main's messages as the failure, by its code where it has one; `redact` masks it. */
  static of(message: Explained, redact: (text: string) => string = (text) => text): CliFailure {
    return new CliFailure((wording) => redact(mainText(message)(wording)))
  }
}

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>
export type OptionValues<T extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>
>['values']

/** Parses a command's options strictly (no positionals); a mistake is a UsageError. */
export function parseOptions<T extends OptionsConfig>(argv: string[], options: T): OptionValues<T> {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError(cliText('cli.wrong.options', { detail: (error as Error).message }))
  }
}

/** Why a file could not be read, as the catalog words it (cli.file.why.*); null for another cause. */
function whyUnread(error: unknown): 'missing' | 'denied' | 'folder' | 'not-regular' | null {
  if (error instanceof NotRegularFileError) return error.isFolder ? 'folder' : 'not-regular'
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'missing'
  if (code === 'EACCES') return 'denied'
  return code === 'EISDIR' ? 'folder' : null
}

/**
 * Reads a file named on the command line, saying which option named it when that fails, and what
 * to give instead of a pipe or a device (standard input, where the option takes `-`).
 */
export async function readOptionFile(
  path: string,
  option: string,
  takesStandardInput = false,
): Promise<string> {
  try {
    return (await readRegularFile(path)).toString('utf8')
  } catch (error) {
    const cause = whyUnread(error)
    const why = cause === null ? (error as Error).message : cliText(`cli.file.why.${cause}`)
    if (cause === 'not-regular') {
      const instead = takesStandardInput
        ? cliText('cli.file.give-stdin', { option })
        : cliText('cli.file.save-file')
      throw new CliFailure(cliText('cli.file.not-regular', { option, path, why, instead }))
    }
    throw new CliFailure(cliText('cli.file.cannot-read', { option, path, why }))
  }
}

/**
 * A file named on the command line, or standard input for "-" (keeping the content out of `ps`
 * and the shell history), saying which option named it when that fails.
 */
export async function readOptionInput(path: string, option: string): Promise<string> {
  return path === '-' ? await text(process.stdin) : await readOptionFile(path, option, true)
}

/** A secret file's content (control key, passphrase) without one trailing newline, as editors add. */
export function secretFromFile(content: string): string {
  return content.replace(/\r?\n$/, '')
}
