import { randomUUID } from 'node:crypto'
import type { Migration } from './migration'

const SPEC_UPDATE_RECURRING_PATH = '/gw/api/v4/update-recurring-payment/{endpoint_id}'
const SPEC_REPORT_PATH = '/gw-ui/services/v2/rpt-engine'

/**
 * Environments (settings and references to keychain entries, never secrets) and the history of
 * requests sent. A migration is never edited once released: later changes are new migrations,
 * so its constants are its own.
 */
export const environmentsAndHistory: Migration = {
  version: 1,
  summary: 'environments with the built-in Sandbox, and request history',
  up(db) {
    db.exec(`
      CREATE TABLE environments (
        id                    TEXT PRIMARY KEY,
        name                  TEXT NOT NULL COLLATE NOCASE UNIQUE,
        kind                  TEXT NOT NULL CHECK (kind IN ('sandbox', 'integration', 'production')),
        -- NULL only for the Sandbox before it has started: its address is known at run time.
        base_url              TEXT CHECK (base_url IS NOT NULL OR kind = 'sandbox'),
        endpoint_id           TEXT NOT NULL,
        merchant_login        TEXT NOT NULL,
        update_recurring_path TEXT NOT NULL,
        report_path           TEXT NOT NULL,
        oauth_in_body         INTEGER NOT NULL CHECK (oauth_in_body IN (0, 1)),
        extra_ca_pem          TEXT,
        -- Keychain accounts GateDesk saved this environment's secrets under (NULL: none saved).
        control_key_account   TEXT,
        rsa_key_account       TEXT,
        -- The public half of the RSA key: not secret, shown to staff and sent to support.
        rsa_public_key_pem    TEXT,
        rsa_fingerprint       TEXT,
        rsa_bits              INTEGER,
        created_at            TEXT NOT NULL,
        updated_at            TEXT NOT NULL,
        CHECK ((rsa_key_account IS NULL) = (rsa_fingerprint IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX environments_one_sandbox ON environments (kind) WHERE kind = 'sandbox';

      CREATE TABLE request_history (
        id               INTEGER PRIMARY KEY,
        sent_at          TEXT NOT NULL,
        -- No foreign key: the history outlives a removed environment, under its name then.
        environment_id   TEXT NOT NULL,
        environment_name TEXT NOT NULL,
        operation        TEXT NOT NULL,
        -- JSON [[name, value], …] after redaction: card number masked, cvv2 dropped, SSN masked.
        parameters       TEXT NOT NULL,
        profile_id       TEXT,
        order_id         TEXT,
        -- 'sending' until the answer is recorded.
        outcome          TEXT NOT NULL,
        serial_number    TEXT,
        error_code       TEXT,
        error_message    TEXT,
        message          TEXT
      ) STRICT;
      CREATE INDEX request_history_sent ON request_history (sent_at, id);
      CREATE INDEX request_history_profile ON request_history (profile_id, sent_at);
      CREATE INDEX request_history_order ON request_history (order_id, sent_at);
      CREATE INDEX request_history_outcome ON request_history (outcome, sent_at);
    `)
    const now = new Date().toISOString()
    // The Sandbox's address, endpoint and login are set by the app when the embedded sandbox starts.
    db.prepare(
      `INSERT INTO environments (id, name, kind, base_url, endpoint_id, merchant_login,
         update_recurring_path, report_path, oauth_in_body, created_at, updated_at)
       VALUES (?, 'Sandbox', 'sandbox', NULL, '', '', ?, ?, 1, ?, ?)`,
    ).run(randomUUID(), SPEC_UPDATE_RECURRING_PATH, SPEC_REPORT_PATH, now, now)
  },
}
