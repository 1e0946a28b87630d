import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { QueryFailure } from './query-messages'

/**
 * A query that failed in the query process; `failure` says why, the message says it in words.
 * `messageCode` (under `report.query.`) and `params` let the window word it in its language
 * (preload/contract/platform/explained.ts); a cancelled query's has none, as no one is left to read it.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError'
  constructor(
    readonly failure: QueryFailure,
    message: string,
    readonly messageCode?: string,
    readonly params: MessageParams = {},
  ) {
    super(message)
  }
}
