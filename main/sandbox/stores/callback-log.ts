import type { SandboxDb } from './sandbox-db'

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'refused'

/** One callback the sandbox sends for a transaction, with how its attempts went. */
export interface CallbackDelivery {
  id: number
  transactionId: number
  /** The URL with its query; the control value in it is a signature, not a secret. */
  url: string
  state: DeliveryState
  attempts: number
  lastResult: string
  updatedAt: number
}

/** One callback that reached the sandbox's own inbox. */
export interface ReceivedCallback {
  id: number
  receivedAt: number
  parameters: Record<string, string>
  /** Whether its control value matches a merchant's control key. */
  controlValid: boolean
}

export type CallbackLog = ReturnType<typeof callbackLog>

export function callbackLog(db: SandboxDb) {
  const insertDelivery = db.prepare(
    `INSERT INTO callbacks (transaction_id, url, state, attempts, last_result, updated_at)
     VALUES (@transactionId, @url, @state, @attempts, @lastResult, @updatedAt)`,
  )
  const updateDelivery = db.prepare(
    `UPDATE callbacks SET state = @state, attempts = @attempts, last_result = @lastResult,
       updated_at = @updatedAt WHERE id = @id`,
  )
  const recentDeliveries = db.prepare<[number], CallbackDelivery>(
    `SELECT id, transaction_id AS transactionId, url, state, attempts, last_result AS lastResult,
       updated_at AS updatedAt FROM callbacks ORDER BY id DESC LIMIT ?`,
  )
  const insertReceived = db.prepare<[number, string, number]>(
    'INSERT INTO inbox (received_at, query, control_valid) VALUES (?, ?, ?)',
  )
  const recentReceived = db.prepare<
    [number],
    { id: number; received_at: number; query: string; control_valid: number }
  >('SELECT id, received_at, query, control_valid FROM inbox ORDER BY id DESC LIMIT ?')

  return {
    addDelivery(delivery: Omit<CallbackDelivery, 'id'>): number {
      return Number(insertDelivery.run(delivery).lastInsertRowid)
    },
    updateDelivery(delivery: Omit<CallbackDelivery, 'transactionId' | 'url'>): void {
      updateDelivery.run(delivery)
    },
    recentDeliveries(limit: number): CallbackDelivery[] {
      return recentDeliveries.all(limit)
    },
    addReceived(parameters: Record<string, string>, controlValid: boolean, at: number): void {
      insertReceived.run(at, JSON.stringify(parameters), controlValid ? 1 : 0)
    },
    recentReceived(limit: number): ReceivedCallback[] {
      return recentReceived.all(limit).map((row) => ({
        id: row.id,
        receivedAt: row.received_at,
        parameters: JSON.parse(row.query) as Record<string, string>,
        controlValid: row.control_valid === 1,
      }))
    },
  }
}
