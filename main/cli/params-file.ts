import type { Parameter } from '../platform/privacy/parameter'
import { isCardData } from '../platform/privacy/redaction'
import { CliFailure, readOptionInput, UsageError } from './cli-io'

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
    if (eq <= 0) throw new CliFailure(`${option} ${path}: line ${index + 1} is not name=value`)
    parameters.push([line.slice(0, eq), line.slice(eq + 1)])
  }
  return parameters
}

/** Refuses card data given as command-line options, before anything is read or sent. */
export function refuseCardDataArguments(parameters: readonly Parameter[], option: string): void {
  const card = parameters.find(([name]) => isCardData(name))
  if (card) {
    throw new UsageError(
      `${card[0]} must not be given on the command line, where ps and the shell history show it: put it in a file given with --params-file FILE (- reads standard input) instead of ${option}`,
    )
  }
}
