import type { Profile } from './profile'
import type { SandboxDb } from './sandbox-db'

export type ProfileStore = ReturnType<typeof profileStore>

/** Profiles as JSON documents: the sandbox reads them whole and never queries inside them. */
export function profileStore(db: SandboxDb) {
  const get = db.prepare<[string, string], { data: string }>(
    'SELECT data FROM profiles WHERE id = ? AND merchant_login = ?',
  )
  const byId = db.prepare<[string], { data: string }>('SELECT data FROM profiles WHERE id = ?')
  const all = db.prepare<[], { data: string }>('SELECT data FROM profiles ORDER BY id')
  const save = db.prepare<[string, string, string]>(
    `INSERT INTO profiles (id, merchant_login, data) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET merchant_login = excluded.merchant_login, data = excluded.data`,
  )
  const parse = (row: { data: string }) => JSON.parse(row.data) as Profile

  return {
    /** The merchant's profile with that id; another merchant's profile is not found. */
    get(merchantLogin: string, id: string): Profile | null {
      const row = get.get(id, merchantLogin)
      return row ? parse(row) : null
    },
    byId(id: string): Profile | null {
      const row = byId.get(id)
      return row ? parse(row) : null
    },
    all(): Profile[] {
      return all.all().map(parse)
    },
    save(profile: Profile): void {
      save.run(profile.id, profile.merchantLogin, JSON.stringify(profile))
    },
  }
}
