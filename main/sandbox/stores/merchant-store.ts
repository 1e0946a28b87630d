import type { SandboxDb } from './sandbox-db'

/** A merchant as the gateway knows it: what it verifies requests with. */
export interface Merchant {
  login: string
  name: string
  endpointId: string
  publicKeyPem: string
  controlKey: string
}

export type MerchantStore = ReturnType<typeof merchantStore>

export function merchantStore(db: SandboxDb) {
  const byLogin = db.prepare<[string], Record<string, string>>(
    'SELECT login, name, endpoint_id, public_key_pem, control_key FROM merchants WHERE login = ?',
  )
  const all = db.prepare<[], Record<string, string>>(
    'SELECT login, name, endpoint_id, public_key_pem, control_key FROM merchants ORDER BY login',
  )
  const upsert = db.prepare(
    `INSERT INTO merchants (login, name, endpoint_id, public_key_pem, control_key)
     VALUES (@login, @name, @endpointId, @publicKeyPem, @controlKey)
     ON CONFLICT (login) DO UPDATE SET name = excluded.name, endpoint_id = excluded.endpoint_id,
       public_key_pem = excluded.public_key_pem, control_key = excluded.control_key`,
  )
  const toMerchant = (row: Record<string, string>): Merchant => ({
    login: row['login']!,
    name: row['name']!,
    endpointId: row['endpoint_id']!,
    publicKeyPem: row['public_key_pem']!,
    controlKey: row['control_key']!,
  })

  return {
    byLogin(login: string): Merchant | null {
      const row = byLogin.get(login)
      return row ? toMerchant(row) : null
    },
    all(): Merchant[] {
      return all.all().map(toMerchant)
    },
    save(merchant: Merchant): void {
      upsert.run(merchant)
    },
  }
}
