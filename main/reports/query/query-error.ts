import type { MessageCode } from '../../../preload/contract/locales/explain'
import type { MessageParams } from '../../../preload/contract/platform/explained'
import type { QueryFailure } from './query-messages'

/**
 * A query that failed; `failure` says why. `messageCode` (under `report.query.`) and `params`
 * say it in words: the query process has no catalog and sends them alone, and main words them
 * when it raises the error again (query-client.ts), `message` then being the catalog's English.
 * A cancelled query's has no code, as no one is left to read it.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError'
  constructor(
    readonly failure: QueryFailure,
    readonly messageCode?: MessageCode,
    readonly params: MessageParams = {},
    message: string = messageCode ?? failure,
  ) {
    super(message)
  }
}
