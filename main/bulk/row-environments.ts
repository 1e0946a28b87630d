import type { Explained } from '../../preload/contract/platform/explained'
import type { SendingContext } from '../recurring/sending-context'
import { coded } from '../platform/i18n/english'

export interface NamedEnvironment {
  id: string
  name: string
}

/** The environments a row's environment cell may name, and why a cell naming none is refused. */
export interface RowEnvironments {
  /** The environment a cell names by id, or by name in any case. */
  find(cell: string): NamedEnvironment | undefined
  /** Which field, what rule, what to do. */
  refusal(cell: string): Explained
}

/** Names listed in a refusal: enough to spot a typo, not a wall of text. */
const LISTED_NAMES = 8

const named = (known: readonly NamedEnvironment[], cell: string) =>
  known.find((environment) => environment.id === cell) ??
  known.find((environment) => environment.name.toLowerCase() === cell.toLowerCase())

/** In the app: any configured environment. */
export function configuredEnvironments(known: readonly NamedEnvironment[]): RowEnvironments {
  return {
    find: (cell) => named(known, cell),
    refusal(cell) {
      const value = cell.slice(0, 64)
      const listed = known.slice(0, LISTED_NAMES).map((environment) => environment.name)
      // Within the window's limit for a problem's text, however long the names.
      const names = `${listed.join(', ').slice(0, 600)}${known.length > LISTED_NAMES ? ', …' : ''}`
      return coded('bulk.row.unknown-environment', { value, names })
    },
  }
}

/** On the command line: only the environment of --connection, the one whose key it holds. */
export function connectionEnvironment(connection: NamedEnvironment): RowEnvironments {
  return {
    find: (cell) => named([connection], cell),
    refusal: (cell) =>
      coded('bulk.row.not-connection-environment', {
        value: cell.slice(0, 64),
        name: connection.name,
      }),
  }
}

/**
 * The sending context of the environment each row names: the job's own for an empty cell, else
 * one made when a row first goes to that environment, so its key is loaded once per job.
 */
export function rowContexts(
  jobContext: SendingContext,
  environments: RowEnvironments,
  contextOf: (environment: NamedEnvironment) => SendingContext,
): (cell: string | null) => SendingContext | Explained {
  // An environment that cannot be used is asked once too: its refusal is kept for later rows.
  const made = new Map<string, SendingContext | Explained>([
    [jobContext.environment.id, jobContext],
  ])
  return (cell) => {
    if (cell === null) return jobContext
    const environment = environments.find(cell)
    if (environment === undefined) return environments.refusal(cell)
    let context = made.get(environment.id)
    if (context === undefined) {
      try {
        context = contextOf(environment)
      } catch (error) {
        context = { message: (error as Error).message }
      }
      made.set(environment.id, context)
    }
    return context
  }
}

/** The command line's rule for a job: every row goes with its one connection's environment. */
export const connectionContexts = (context: SendingContext) =>
  rowContexts(context, connectionEnvironment(context.environment), () => context)
