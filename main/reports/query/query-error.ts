import type { QueryFailure } from './query-messages'

/** A query that failed in the query process; `failure` says why, the message says it in words. */
export class QueryError extends Error {
  override readonly name = 'QueryError'
  constructor(
    readonly failure: QueryFailure,
    message: string,
  ) {
    super(message)
  }
}
