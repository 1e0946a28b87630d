import type { IsoDay } from '../../../preload/contract/platform/calendar'
import type { SandboxDb } from './sandbox-db'

export type TransactionStatus = 'approved' | 'declined'

/** One gateway transaction: a recurring charge, or seeded history. */
export interface TransactionRecord {
  id: number
  profileId: string | null
  merchantLogin: string
  endpointId: string
  clientOrderId: string
  /** YYYY-MM-DD hh:mm:ss */
  createdAt: string
  amountMinor: number
  currency: string
  type: string
  status: TransactionStatus
  orderDescription: string
  declineReason: string | null
}

/** Which of a merchant's transactions a report covers. */
export interface TransactionQuery {
  merchantLogin: string
  fromDay: IsoDay | null
  /** Inclusive. */
  toDay: IsoDay | null
  currencies: string[]
  endpoints: string[]
}

const COLUMNS = `id, profile_id AS profileId, merchant_login AS merchantLogin,
  endpoint_id AS endpointId, client_orderid AS clientOrderId, created_at AS createdAt,
  amount_minor AS amountMinor, currency, type, status, order_desc AS orderDescription,
  decline_reason AS declineReason`

export type TransactionStore = ReturnType<typeof transactionStore>

export function transactionStore(db: SandboxDb) {
  const insert = db.prepare(
    `INSERT INTO transactions (id, profile_id, merchant_login, endpoint_id, client_orderid,
       created_at, amount_minor, currency, type, status, order_desc, decline_reason)
     VALUES (@id, @profileId, @merchantLogin, @endpointId, @clientOrderId, @createdAt,
       @amountMinor, @currency, @type, @status, @orderDescription, @declineReason)`,
  )
  const recent = db.prepare<[number], TransactionRecord>(
    `SELECT ${COLUMNS} FROM transactions ORDER BY id DESC LIMIT ?`,
  )

  return {
    /** Stores a transaction; ids continue from the highest (the first is given by the seed). */
    insert(transaction: Omit<TransactionRecord, 'id'> & { id?: number }): TransactionRecord {
      const { lastInsertRowid } = insert.run({ id: null, ...transaction })
      return { ...transaction, id: Number(lastInsertRowid) }
    },
    recent(limit: number): TransactionRecord[] {
      return recent.all(limit)
    },
    /**
     * The matching transactions in id order, a page at a time. Each page is its own query, so
     * no statement stays open while the report is being sent.
     */
    *pages(query: TransactionQuery, pageSize = 1000): Generator<TransactionRecord[]> {
      const conditions = ['merchant_login = @merchantLogin', 'id > @afterId']
      if (query.fromDay) conditions.push('created_at >= @fromDay')
      if (query.toDay) conditions.push("created_at < date(@toDay, '+1 day')")
      const list = (values: string[], column: string) => {
        if (values.length === 0) return
        conditions.push(`${column} IN (SELECT value FROM json_each(@${column}List))`)
      }
      list(query.currencies, 'currency')
      list(query.endpoints, 'endpoint_id')
      const statement = db.prepare<[Record<string, unknown>], TransactionRecord>(
        `SELECT ${COLUMNS} FROM transactions WHERE ${conditions.join(' AND ')} ORDER BY id LIMIT @pageSize`,
      )
      const parameters = {
        merchantLogin: query.merchantLogin,
        fromDay: query.fromDay,
        toDay: query.toDay,
        currencyList: JSON.stringify(query.currencies),
        endpoint_idList: JSON.stringify(query.endpoints),
        pageSize,
      }
      let afterId = 0
      for (;;) {
        const page = statement.all({ ...parameters, afterId })
        if (page.length === 0) return
        yield page
        afterId = page.at(-1)!.id
      }
    },
  }
}
