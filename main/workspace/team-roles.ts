import type pg from 'pg'

/** A desk's role in the team workspace: what the database lets its user do. */
export type TeamRole = 'viewer' | 'operator' | 'admin'

/** The roles, the widest first; each role's members are granted the database role gatedesk_<role>. */
const TEAM_ROLES: readonly TeamRole[] = ['admin', 'operator', 'viewer']

/**
 * Schema v8: the roles, enforced by the database and not only by the window. A viewer runs and
 * views reports and reads the history (its report runs recorded); an operator also sends updates
 * and works on bulk jobs; an admin also keeps the environments and templates. Each role holds
 * the one below it. The audit trail is append-only (row policies, forced on the owner too): an
 * entry is written as its own user, only an operator's may be an update's send, and an entry is
 * completed only by its author (or, still "sending", made unknown by an operator recovering a
 * dead desk's rows), and only in its outcome's columns; nobody deletes one. The user who creates
 * the workspace needs CREATEROLE once, and is made its first admin. A later migration grants on
 * the tables it makes.
 */
export const ROLES_MIGRATION = `
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'gatedesk_viewer') THEN
      CREATE ROLE gatedesk_viewer NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'gatedesk_operator') THEN
      CREATE ROLE gatedesk_operator NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'gatedesk_admin') THEN
      CREATE ROLE gatedesk_admin NOLOGIN;
    END IF;
  END $$;
  GRANT gatedesk_viewer TO gatedesk_operator;
  GRANT gatedesk_operator TO gatedesk_admin;
  DO $$ BEGIN EXECUTE format('GRANT gatedesk_admin TO %I', current_user); END $$;

  GRANT USAGE ON SCHEMA gatedesk TO gatedesk_viewer;
  GRANT SELECT ON ALL TABLES IN SCHEMA gatedesk TO gatedesk_viewer;
  GRANT USAGE ON ALL SEQUENCES IN SCHEMA gatedesk TO gatedesk_viewer;
  GRANT INSERT, UPDATE ON gatedesk.desks TO gatedesk_viewer;
  GRANT INSERT, UPDATE, DELETE ON gatedesk.report_views TO gatedesk_viewer;
  GRANT INSERT ON gatedesk.history TO gatedesk_viewer;
  GRANT UPDATE (outcome, serial_number, error_code, error_message, message, message_code,
    message_params) ON gatedesk.history TO gatedesk_viewer;
  GRANT INSERT, UPDATE ON gatedesk.bulk_jobs, gatedesk.bulk_runs, gatedesk.bulk_rows
    TO gatedesk_operator;
  GRANT INSERT, UPDATE, DELETE ON gatedesk.report_templates, gatedesk.environments
    TO gatedesk_admin;

  ALTER TABLE gatedesk.history ENABLE ROW LEVEL SECURITY;
  ALTER TABLE gatedesk.history FORCE ROW LEVEL SECURITY;
  CREATE POLICY history_read ON gatedesk.history FOR SELECT USING (true);
  CREATE POLICY history_record ON gatedesk.history FOR INSERT WITH CHECK (
    db_user = current_user
    AND (operation <> 'update-recurring-payment' OR pg_has_role('gatedesk_operator', 'MEMBER')));
  CREATE POLICY history_complete ON gatedesk.history FOR UPDATE
    USING (db_user = current_user
      OR (outcome = 'sending' AND pg_has_role('gatedesk_operator', 'MEMBER')))
    WITH CHECK (true);`

/** The widest role the connected user holds in the workspace; null when none. */
export async function roleOf(client: Pick<pg.ClientBase, 'query'>): Promise<TeamRole | null> {
  const { rows } = await client.query<{ admin: boolean; operator: boolean; viewer: boolean }>(
    `SELECT pg_has_role('gatedesk_admin', 'MEMBER') AS admin,
       pg_has_role('gatedesk_operator', 'MEMBER') AS operator,
       pg_has_role('gatedesk_viewer', 'MEMBER') AS viewer`,
  )
  const held = rows[0]!
  return TEAM_ROLES.find((role) => held[role]) ?? null
}
