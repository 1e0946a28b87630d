import { text } from 'node:stream/consumers'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { NotRegularFileError, readRegularFile } from '../platform/csv/regular-file'

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
}

/** A mistake in how a command was called: exit code 2, with a hint to the command's help. */
export class UsageError extends Error {}

/** A failure the user can fix (a bad file, a bad key): exit code 1, message only. */
export class CliFailure extends Error {}

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>
export type OptionValues<T extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>
>['values']

/** Parses a command's options strictly (no positionals); a mistake is a UsageError. */
export function parseOptions<T extends OptionsConfig>(argv: string[], options: T): OptionValues<T> {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
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
    if (error instanceof NotRegularFileError && !error.isFolder) {
      const instead = takesStandardInput
        ? `give ${option} - to read standard input, or save the content in a file and name that`
        : 'save the content in a file and name that'
      throw new CliFailure(`${option} ${path}: cannot read the file (${error.message}): ${instead}`)
    }
    const code = (error as NodeJS.ErrnoException).code
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a folder'
            : (error as Error).message
    throw new CliFailure(`${option} ${path}: cannot read the file (${why})`)
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
