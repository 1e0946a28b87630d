import type { SandboxDb } from './sandbox-db'

const PRUNE_EVERY = 1000

export interface NonceStore {
  /** Records the nonce; false when it was already seen within the window. */
  use(consumerKey: string, nonce: string, nowSeconds: number, windowSeconds: number): boolean
}

/** The nonces seen per consumer key, kept while their timestamp window lasts. */
export function nonceStore(db: SandboxDb): NonceStore {
  const seenAt = db.prepare<[string, string], { seen_at: number }>(
    'SELECT seen_at FROM nonces WHERE consumer_key = ? AND nonce = ?',
  )
  const remember = db.prepare<[string, string, number]>(
    `INSERT INTO nonces (consumer_key, nonce, seen_at) VALUES (?, ?, ?)
     ON CONFLICT (consumer_key, nonce) DO UPDATE SET seen_at = excluded.seen_at`,
  )
  const prune = db.prepare<[number]>('DELETE FROM nonces WHERE seen_at < ?')
  let sincePrune = 0

  return {
    use: db.transaction(
      (consumerKey: string, nonce: string, nowSeconds: number, windowSeconds: number) => {
        const previous = seenAt.get(consumerKey, nonce)
        if (previous && previous.seen_at >= nowSeconds - windowSeconds) return false
        remember.run(consumerKey, nonce, nowSeconds)
        if (++sincePrune >= PRUNE_EVERY) {
          sincePrune = 0
          prune.run(nowSeconds - windowSeconds)
        }
        return true
      },
    ),
  }
}
