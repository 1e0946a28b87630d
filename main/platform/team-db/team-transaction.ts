import type pg from 'pg'

/**
 * Runs `work` in a transaction on a client of its own from the pool: committed when it returns,
 * rolled back when it throws (the error goes on), the client always given back.
 */
export async function inTeamTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/** Whether a query failed on a unique index (SQLSTATE 23505): another desk got there first. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown }).code === '23505'

/** Whether a write failed on a foreign key (SQLSTATE 23503): what it refers to is not there. */
export const isMissingReference = (error: unknown): boolean =>
  (error as { code?: unknown }).code === '23503'
