import type { Migration } from './migration'

/**
 * Each pending bulk row's CVV2 from a pasted table, encrypted with the table's key (AES-256-GCM,
 * main/bulk/pasted-tables.ts), so a resumed job still sends it; cleared in the transaction that
 * marks the row in flight, as PCI DSS keeps no CVV2 once it has been sent.
 */
export const bulkCardCodes: Migration = {
  version: 5,
  summary: "pending bulk rows' encrypted CVV2",
  up(db) {
    db.exec(`ALTER TABLE bulk_rows ADD COLUMN card_code BLOB;`)
  },
}
