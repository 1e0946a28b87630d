import type { Parameter } from '../platform/privacy/parameter'
import { isCardData } from '../platform/privacy/redaction'
import { CliFailure, readOptionInput, UsageError } from './cli-io'
import { cliText } from './cli-words'

/**
 * Request parameters from a file, or from standard input for "-": one `name=value` a line,
 * unencoded; blank lines and lines starting with # are skipped. Card data comes in this way
 * only, as a command line shows in `ps` and in the shell history.
 */
export async function readParamsFile(path: string, option: string): Promise<Parameter[]> {
  const content = await readOptionInput(path, option)
  const parameters: Parameter[] = []
  for (const [index, line] of content.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue
    const eq = line.indexOf('=')
    // The line is not quoted: it may hold a card number.
    if (eq <= 0) {
      throw new CliFailure(cliText('cli.file.not-name-value', { option, path, line: index + 1 }))
    }
    parameters.push([line.slice(0, eq), line.slice(eq + 1)])
  }
  return parameters
}

/** Refuses card data given as command-line options, before anything is read or sent. */
export function refuseCardDataArguments(parameters: readonly Parameter[], option: string): void {
  const card = parameters.find(([name]) => isCardData(name))
  if (card) {
    throw new UsageError(cliText('cli.wrong.card-data-argument', { name: card[0], option }))
  }
}
