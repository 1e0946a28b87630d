import Database from 'better-sqlite3'
import { ExplainedError } from '../../../preload/contract/platform/explained'

export type SandboxDb = Database.Database

const SCHEMA_VERSION = 1

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE merchants (
  login TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  public_key_pem TEXT NOT NULL,
  control_key TEXT NOT NULL
);
CREATE TABLE profiles (id TEXT PRIMARY KEY, merchant_login TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE transactions (
  id INTEGER PRIMARY KEY,
  profile_id TEXT,
  merchant_login TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  client_orderid TEXT NOT NULL,
  created_at TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  order_desc TEXT NOT NULL,
  decline_reason TEXT
);
CREATE INDEX transactions_by_merchant ON transactions (merchant_login, id);
CREATE TABLE nonces (
  consumer_key TEXT NOT NULL,
  nonce TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (consumer_key, nonce)
) WITHOUT ROWID;
CREATE INDEX nonces_by_age ON nonces (seen_at);
CREATE TABLE callbacks (
  id INTEGER PRIMARY KEY,
  transaction_id INTEGER NOT NULL,
  url TEXT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  last_result TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE inbox (
  id INTEGER PRIMARY KEY,
  received_at INTEGER NOT NULL,
  query TEXT NOT NULL,
  control_valid INTEGER NOT NULL
);
`

/**
 * Opens (creating if needed) the sandbox database. WAL lets the `sandbox advance` command write
 * while a running sandbox reads and writes the same file.
 */
export function openSandboxDb(file: string): { db: SandboxDb; created: boolean } {
  const db = new Database(file, { timeout: 10_000 })
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  const version = () => db.pragma('user_version', { simple: true }) as number
  // Checked again inside the write lock: another process may be creating the same file.
  const created = db
    .transaction(() => {
      if (version() !== 0) return false
      db.exec(SCHEMA)
      db.pragma(`user_version = ${SCHEMA_VERSION}`)
      return true
    })
    .immediate()
  const found = version()
  if (found !== SCHEMA_VERSION) {
    db.close()
    // Code and values only, as every sandbox refusal (sandbox-action-error.ts): main or the CLI word it.
    const code = 'sandbox.state.unknown-schema'
    throw new ExplainedError(code, code, { file, version: found })
  }
  return { db, created }
}
